/** @jsxImportSource preact */
import type { CarClass, PublicTariff } from '@crm/shared';
import { dayParts, formatPrice, startLabel } from './book-format';
import { bookTexts } from './book-texts';
import { FieldError } from './book-ui';

/** The lowest price of a tariff over the categories it is priced in («от 500 ₽» before the car is known). */
const lowest = (tariff: PublicTariff) => Math.min(...Object.values(tariff.prices).map((p) => p!.price));

/** Tariffs as cards to choose one of: price and minutes for the car's category. */
export function TariffCards(props: {
  tariffs: readonly PublicTariff[];
  category: CarClass | undefined;
  selected: string | null;
  onSelect: (id: string) => void;
  error?: string;
}) {
  const { tariffs, category } = props;
  const shown = category ? tariffs.filter((t) => t.prices[category]) : tariffs;
  if (category && shown.length === 0) return <p class="bk-hint">{bookTexts.noTariffs}</p>;
  return (
    <div>
      <div
        class="bk-tariffs"
        role="radiogroup"
        aria-labelledby="bk-tariff-title"
        aria-describedby="bk-tariff-error"
      >
        {shown.map((tariff) => {
          const price = category ? tariff.prices[category] : undefined;
          const checked = props.selected === tariff.id;
          return (
            <label key={tariff.id} class={`bk-choice bk-tariff${checked ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name="tariff"
                class="bk-choice__input"
                value={tariff.id}
                checked={checked}
                onChange={() => props.onSelect(tariff.id)}
              />
              <span class="bk-choice__mark" aria-hidden="true" />
              <span class="bk-choice__title">{tariff.name}</span>
              <span class="bk-tariff__price">
                {price ? formatPrice(price.price) : bookTexts.from(formatPrice(lowest(tariff)))}
              </span>
              {price && <span class="bk-choice__hint">{bookTexts.minutes(price.duration_minutes)}</span>}
              {tariff.description && <span class="bk-tariff__description">{tariff.description}</span>}
            </label>
          );
        })}
      </div>
      {!category && <p class="bk-hint">{bookTexts.tariffNeedsCar}</p>}
      <FieldError id="bk-tariff-error" message={props.error} />
    </div>
  );
}

/** The selected tariff's additional services for the category, as checkboxes with their prices. */
export function ServiceChecks(props: {
  tariff: PublicTariff;
  category: CarClass;
  selected: readonly string[];
  onToggle: (key: string) => void;
}) {
  const services = props.tariff.services.filter((s) => s.prices[props.category]);
  if (services.length === 0) return null;
  return (
    <fieldset class="bk-fieldset bk-services">
      <legend class="bk-section__title">{bookTexts.servicesHeading}</legend>
      {services.map((service) => (
        <label key={service.key} class="bk-check">
          <input
            type="checkbox"
            checked={props.selected.includes(service.key)}
            onChange={() => props.onToggle(service.key)}
          />
          <span class="bk-check__name">{service.name}</span>
          <span class="bk-check__price">+{formatPrice(service.prices[props.category]!.price)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The next days as a horizontal strip; a day found to have no free time says so in words. */
export function DayStrip(props: {
  days: readonly string[];
  today: string;
  selected: string | null;
  empty: ReadonlySet<string>;
  onSelect: (date: string) => void;
  label?: string;
}) {
  return (
    <div class="bk-days" role="group" aria-label={props.label ?? bookTexts.dayHeading}>
      {props.days.map((day, index) => {
        const parts = dayParts(day);
        const relative = index === 0 ? bookTexts.today : index === 1 ? bookTexts.tomorrow : parts.weekday;
        const empty = props.empty.has(day);
        const selected = props.selected === day;
        return (
          <button
            key={day}
            type="button"
            class={`bk-day${empty ? ' is-empty' : ''}`}
            aria-pressed={selected}
            onClick={() => props.onSelect(day)}
          >
            {/* The name is the words shown («завтра 29 нояб.») and, for a screen reader, the whole date. */}
            <span class="bk-day__weekday">{relative}</span> <span class="bk-day__date">{parts.dayMonth}</span>
            <span class="visually-hidden">, {parts.full}</span>
            {empty && (
              <>
                {' '}
                <span class="bk-day__note">{bookTexts.noFreeTime}</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** The free start times, as buttons: only what the availability answered. */
export function TimeButtons(props: {
  times: readonly string[];
  timeZone: string;
  selected: string | null;
  onSelect: (start: string) => void;
  describedBy?: string;
}) {
  return (
    <div
      class="bk-times"
      role="group"
      aria-label={bookTexts.timeHeading}
      aria-describedby={props.describedBy}
    >
      {props.times.map((start) => (
        <button
          key={start}
          type="button"
          class="bk-time"
          aria-pressed={props.selected === start}
          onClick={() => props.onSelect(start)}
        >
          {startLabel(start, props.timeZone)}
        </button>
      ))}
    </div>
  );
}
