/** @jsxImportSource preact */
import { useMemo, useState } from 'preact/hooks';
import { carCategories, carClassLabels, type CarClass, type CarModel } from '@crm/shared';
import { bookTexts } from './book-texts';
import type { RememberedCar } from './book-storage';
import { FieldError } from './book-ui';

export type Collection = Record<string, CarModel[]>;

interface CarPickerProps {
  car: Partial<RememberedCar>;
  onChange: (car: Partial<RememberedCar>) => void;
  collection: Collection | null;
  /** Popular brands to suggest before anything is typed. */
  popular: readonly string[];
  error?: string;
  /** The collection is fetched when the driver starts typing (a returning driver never needs it). */
  onNeedCollection: () => void;
}

const SUGGESTIONS = 6;
const norm = (text: string) => text.trim().toLowerCase();

function suggest(options: readonly string[], typed: string): string[] {
  const wanted = norm(typed);
  if (!wanted) return options.slice(0, SUGGESTIONS);
  const starts = options.filter((o) => norm(o).startsWith(wanted));
  const contains = options.filter((o) => !norm(o).startsWith(wanted) && norm(o).includes(wanted));
  return [...starts, ...contains].slice(0, SUGGESTIONS);
}

export function findBrandKey(collection: Collection | null, brand: string) {
  if (!collection || !brand.trim()) return undefined;
  return Object.keys(collection).find((b) => norm(b) === norm(brand));
}
export function findModel(collection: Collection | null, brand: string, model: string) {
  const key = findBrandKey(collection, brand);
  return key ? collection![key]!.find((m) => norm(m.model) === norm(model)) : undefined;
}

/** A text input with its suggestions as buttons under it (a typeahead without a widget library). */
function Typeahead(props: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  options: readonly string[];
  disabled?: boolean;
  onInput: (value: string) => void;
  onPick: (value: string) => void;
  onFocus?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const shown = open && !props.disabled ? suggest(props.options, props.value) : [];
  const exact = shown.length === 1 && norm(shown[0]!) === norm(props.value);
  const list = exact ? [] : shown;
  return (
    <div class="bk-field bk-typeahead">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        class="bk-input"
        type="text"
        autocomplete="off"
        value={props.value}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-controls={`${props.id}-list`}
        aria-expanded={list.length > 0}
        aria-autocomplete="list"
        role="combobox"
        onFocus={() => {
          setOpen(true);
          props.onFocus?.();
        }}
        onInput={(event) => {
          setOpen(true);
          props.onInput(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
          if (event.key === 'Enter' && list[0]) {
            event.preventDefault();
            props.onPick(list[0]);
            setOpen(false);
          }
        }}
      />
      <ul
        class="bk-suggestions"
        id={`${props.id}-list`}
        aria-label={`${bookTexts.suggestions}: ${props.label}`}
      >
        {list.map((option) => (
          <li key={option}>
            <button
              type="button"
              class="bk-suggestion"
              onClick={() => {
                props.onPick(option);
                setOpen(false);
              }}
            >
              {option}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The car: brand and model from the shipped catalogue (which sets the category), or the category itself. */
export function CarPicker({ car, onChange, collection, popular, error, onNeedCollection }: CarPickerProps) {
  const brand = car.brand ?? '';
  const model = car.model ?? '';
  const brands = useMemo(() => {
    const all = Object.keys(collection ?? {}).sort((a, b) => a.localeCompare(b));
    const top = popular.filter((b) => all.includes(b));
    return [...top, ...all.filter((b) => !top.includes(b))];
  }, [collection, popular]);
  const brandKey = findBrandKey(collection, brand);
  const models = useMemo(
    () => (brandKey ? collection![brandKey]!.map((m) => m.model) : []),
    [collection, brandKey],
  );
  const fromModel = findModel(collection, brand, model);

  const setModel = (value: string) => {
    const found = findModel(collection, brand, value);
    onChange({
      brand: brandKey ?? brand,
      model: found?.model ?? value,
      category: found?.category ?? car.category,
    });
  };

  return (
    <div class="bk-car">
      <div class="bk-car__names">
        <Typeahead
          id="bk-brand"
          label={bookTexts.brand}
          value={brand}
          placeholder={bookTexts.brandPlaceholder}
          options={brands}
          onFocus={onNeedCollection}
          onInput={(value) => onChange({ ...car, brand: value, model: '' })}
          onPick={(value) => onChange({ ...car, brand: value, model: '' })}
        />
        <Typeahead
          id="bk-model"
          label={bookTexts.model}
          value={model}
          placeholder={brandKey ? bookTexts.modelPlaceholder : bookTexts.modelNeedsBrand}
          options={models}
          disabled={!brand.trim()}
          onFocus={onNeedCollection}
          onInput={setModel}
          onPick={setModel}
        />
      </div>
      <fieldset class="bk-fieldset" aria-describedby="bk-car-error">
        <legend class="bk-legend">{fromModel ? bookTexts.categoryFromModel : bookTexts.orCategory}</legend>
        <div class="bk-categories">
          {carCategories.map((category) => (
            <CategoryButton
              key={category.Name}
              name={category.Name}
              hint={category.ru_name}
              pressed={car.category === category.Name}
              onPress={() => onChange({ ...car, category: category.Name })}
            />
          ))}
        </div>
      </fieldset>
      <FieldError id="bk-car-error" message={error} />
    </div>
  );
}

function CategoryButton(props: { name: CarClass; hint: string; pressed: boolean; onPress: () => void }) {
  return (
    <button type="button" class="bk-choice bk-category" aria-pressed={props.pressed} onClick={props.onPress}>
      <span class="bk-choice__mark" aria-hidden="true">
        {props.pressed ? '✓' : ''}
      </span>
      <span class="bk-choice__title">{carClassLabels[props.name]}</span>
      <span class="bk-choice__hint">{props.hint}</span>
    </button>
  );
}

/** The remembered car, with «Изменить». */
export function CarSummary({ car, onEdit }: { car: RememberedCar; onEdit: () => void }) {
  const names = [car.brand, car.model].filter(Boolean).join(' ');
  return (
    <div class="bk-summary">
      <p class="bk-summary__text">
        {names ? <strong>{names}</strong> : null}
        {names ? ' · ' : ''}
        {carClassLabels[car.category]}
      </p>
      <button
        type="button"
        class="bk-button bk-button--text"
        onClick={onEdit}
        aria-label={`${bookTexts.change}: ${bookTexts.carHeading.toLowerCase()}`}
      >
        {bookTexts.change}
      </button>
    </div>
  );
}
