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

/**
 * A text input with its suggestions under it: the WAI-ARIA combobox with a listbox popup (list
 * autocomplete). Focus stays in the input; ArrowDown/ArrowUp move the active option (aria-activedescendant),
 * Enter picks it (or the first suggestion when none is active), Escape closes the list; a tap picks too.
 */
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
  const [active, setActive] = useState(-1);
  const shown = open && !props.disabled ? suggest(props.options, props.value) : [];
  const exact = shown.length === 1 && norm(shown[0]!) === norm(props.value);
  const list = exact ? [] : shown;
  const listId = `${props.id}-list`;
  const optionId = (index: number) => `${props.id}-option-${index}`;
  const current = active >= 0 && active < list.length ? active : -1;

  const pick = (option: string) => {
    props.onPick(option);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        // A closed list opens; the arrow that opened it lands on its first (down) or last (up) option.
        const next = suggest(props.options, props.value);
        setOpen(true);
        setActive(next.length === 0 ? -1 : event.key === 'ArrowDown' ? 0 : next.length - 1);
        return;
      }
      if (list.length === 0) return;
      if (event.key === 'ArrowDown') setActive(current < list.length - 1 ? current + 1 : 0);
      else setActive(current > 0 ? current - 1 : list.length - 1);
    } else if (event.key === 'Enter') {
      const option = list[current >= 0 ? current : 0];
      if (option) {
        event.preventDefault();
        pick(option);
      }
    } else if (event.key === 'Escape') {
      if (list.length > 0) event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

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
        role="combobox"
        aria-controls={listId}
        aria-expanded={list.length > 0}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        onFocus={() => {
          setOpen(true);
          props.onFocus?.();
        }}
        onBlur={() => setActive(-1)}
        onInput={(event) => {
          setOpen(true);
          setActive(-1);
          props.onInput(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        class="bk-suggestions"
        id={listId}
        role="listbox"
        aria-label={`${bookTexts.suggestions}: ${props.label}`}
      >
        {list.map((option, index) => (
          <li
            key={option}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            class="bk-suggestion"
            // The input keeps the focus (and the keyboard) while an option is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            {option}
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
