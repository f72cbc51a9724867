/** @jsxImportSource preact */
import { useMemo, useRef, useState } from 'preact/hooks';
import {
  displayPhone,
  normalizePhone,
  onlineBookingMessages as m,
  type PublicBookingCreated,
  type PublicStationCard,
} from '@crm/shared';
import { dayRange, formatPrice, startInstant } from './book-format';
import { bookingPath, navigate, privacyPath } from './book-route';
import { rememberBooking, rememberDriver, rememberedDriver, type RememberedCar } from './book-storage';
import { bookTexts } from './book-texts';
import { FieldError, Section } from './book-ui';
import { CarPicker, CarSummary, type Collection } from './car-picker';
import { ContactFields } from './contact-fields';
import { DayStrip, ServiceChecks, TariffCards, TimeButtons } from './flow-parts';
import { PublicApiError, publicApi } from './public-api';
import { handOffBooking } from './booking-handoff';
import { useFreeTimes } from './use-free-times';

type Field = 'car' | 'tariff' | 'time' | 'name' | 'phone' | 'consent' | 'services';
type Errors = Partial<Record<Field, string>>;

/** The API's field names (zod paths) as the form's fields. */
function fieldOf(key: string): Field | null {
  if (key === 'name' || key === 'phone' || key === 'consent' || key === 'services') return key;
  if (key.startsWith('car')) return 'car';
  if (key.startsWith('tariff')) return 'tariff';
  if (key.startsWith('booking_start')) return 'time';
  if (key.startsWith('services')) return 'services';
  return null;
}

/** Where each field's first control is, in the page's order: the first one with an error takes the focus. */
const fieldControls: [Field, string][] = [
  ['car', '#bk-brand, .bk-category'],
  ['tariff', 'input[name="tariff"]'],
  ['time', '.bk-time, .bk-day'],
  ['name', '#bk-name'],
  ['phone', '#bk-phone'],
  ['consent', 'input[name="consent"]'],
];
function focusFirstError(errors: Errors) {
  // After the render that shows the fields (a remembered contact opens for editing).
  setTimeout(() => {
    const first = fieldControls.find(([field]) => errors[field]);
    if (first) document.querySelector<HTMLElement>(first[1])?.focus();
  });
}

/** The booking flow of an enabled station: car, tariff, services, day, time, contact, consent, «Записаться». */
export function BookingForm({ card }: { card: PublicStationCard }) {
  const [remembered] = useState(rememberedDriver);
  const [car, setCar] = useState<Partial<RememberedCar>>(() => remembered?.car ?? {});
  const [editingCar, setEditingCar] = useState(!remembered);
  const [collection, setCollection] = useState<Collection | null>(null);
  const [popular, setPopular] = useState<string[]>([]);
  const collectionAsked = useRef(false);
  const [tariffId, setTariffId] = useState<string | null>(null);
  const [services, setServices] = useState<string[]>([]);
  const [start, setStart] = useState<string | null>(null);
  const [name, setName] = useState(remembered?.name ?? '');
  const [phone, setPhone] = useState(remembered ? displayPhone(remembered.phone) : '');
  const [editingContact, setEditingContact] = useState(!remembered?.name || !remembered.phone);
  const [consent, setConsent] = useState(false);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [slotMessage, setSlotMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const category = car.category;
  const tariff = card.tariffs.find((t) => t.id === tariffId && (!category || t.prices[category])) ?? null;
  const days = useMemo(() => dayRange(card.today, card.days_ahead), [card.today, card.days_ahead]);
  const offered = useMemo(
    () =>
      tariff && category
        ? services.filter((key) => tariff.services.some((s) => s.key === key && s.prices[category]))
        : [],
    [tariff, category, services],
  );
  const free = useFreeTimes({
    code: card.code,
    tariffId: tariff?.id ?? null,
    category,
    services: offered,
    days,
    preview: !!card.preview,
  });
  const chosenStart = start && free.times?.includes(start) ? start : null;

  const estimate =
    tariff && category
      ? (tariff.prices[category]?.price ?? 0) +
        offered.reduce(
          (sum, key) => sum + (tariff.services.find((s) => s.key === key)?.prices[category]?.price ?? 0),
          0,
        )
      : null;
  const total = free.price ?? estimate;

  const clearError = (field: Field) => {
    if (!errors[field]) return;
    const next = { ...errors, [field]: undefined };
    setErrors(next);
    // «Проверьте выделенные поля» goes with the last of them.
    if (Object.values(next).every((message) => !message)) setFormError(null);
  };

  const needCollection = () => {
    if (collectionAsked.current) return;
    collectionAsked.current = true;
    publicApi.cars().then(
      (answer) => {
        setCollection(answer.collection);
        setPopular(answer.popular);
      },
      () => {
        // Without the catalogue the driver still picks the category; brand and model stay free text.
        collectionAsked.current = false;
      },
    );
  };

  async function submit(event: Event) {
    event.preventDefault();
    // The owner's preview books nothing (the button is disabled; the server ignores the flag on bookings).
    if (submitting || card.preview) return;
    setFormError(null);
    setSlotMessage(null);
    const problems: Errors = {};
    const normalized = normalizePhone(phone);
    if (!category) problems.car = m.categoryRequired;
    if (!tariff) problems.tariff = m.tariffRequired;
    if (!chosenStart || !free.date) problems.time = m.timeRequired;
    if (!name.trim()) problems.name = m.nameRequired;
    else if (name.trim().length > 60) problems.name = m.nameTooLong;
    if (!normalized) problems.phone = bookTexts.phoneInvalid;
    if (!consent) problems.consent = m.consentRequired;
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      if (problems.car) setEditingCar(true);
      if (problems.name || problems.phone) setEditingContact(true);
      setFormError(bookTexts.fixErrors);
      focusFirstError(problems);
      return;
    }
    setSubmitting(true);
    try {
      const created: PublicBookingCreated = await publicApi.book(card.code, {
        name: name.trim(),
        phone: normalized!,
        car: { brand: car.brand?.trim() ?? '', model: car.model?.trim() ?? '', category: category! },
        tariff_id: tariff!.id,
        services: offered,
        booking_start: startInstant(chosenStart!, free.date!, card.time_zone),
        consent: true,
        website,
      });
      rememberDriver({
        name: name.trim(),
        phone: normalized!,
        car: { brand: car.brand?.trim() ?? '', model: car.model?.trim() ?? '', category: category! },
      });
      rememberBooking({
        token: created.manage_token,
        code: card.code,
        station: card.name,
        start: created.booking.booking_start,
        time_zone: created.booking.station.time_zone,
      });
      handOffBooking(created.manage_token, created.booking);
      navigate(bookingPath(created.manage_token));
    } catch (cause) {
      setSubmitting(false);
      if (!(cause instanceof PublicApiError)) return setFormError(bookTexts.unexpected);
      if (cause.code === 'SLOT_TAKEN' || cause.status === 409) {
        setStart(null);
        setSlotMessage(cause.message || m.slotTaken);
        // The message is by the times, far above the button the driver pressed: bring them into view.
        document.getElementById('bk-time-title')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
        await free.refresh();
        return;
      }
      if (cause.status === 429) return setFormError(m.rateLimited);
      const fieldErrors: Errors = {};
      const rest: string[] = [];
      for (const [key, message] of Object.entries(cause.fields)) {
        const field = fieldOf(key);
        if (field && field !== 'services') fieldErrors[field] = message;
        else rest.push(message);
      }
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        if (fieldErrors.car) setEditingCar(true);
        if (fieldErrors.name || fieldErrors.phone) setEditingContact(true);
        focusFirstError(fieldErrors);
      }
      setFormError(rest[0] ?? (Object.keys(fieldErrors).length ? bookTexts.fixErrors : cause.message));
    }
  }

  const toggleService = (key: string) =>
    setServices(services.includes(key) ? services.filter((k) => k !== key) : [...services, key]);

  return (
    <form class="bk-form" noValidate onSubmit={submit} aria-describedby="bk-form-error">
      <Section title={bookTexts.carHeading} id="bk-car-title">
        {editingCar || !category ? (
          <CarPicker
            car={car}
            onChange={(next) => {
              setCar(next);
              if (next.category) clearError('car');
            }}
            collection={collection}
            popular={popular}
            error={errors.car}
            onNeedCollection={needCollection}
          />
        ) : (
          <CarSummary car={car as RememberedCar} onEdit={() => setEditingCar(true)} />
        )}
      </Section>

      <Section title={bookTexts.tariffHeading} id="bk-tariff-title">
        <TariffCards
          tariffs={card.tariffs}
          category={category}
          selected={tariff?.id ?? null}
          onSelect={(id) => {
            setTariffId(id);
            clearError('tariff');
          }}
          error={errors.tariff}
        />
        {tariff && category && (
          <ServiceChecks tariff={tariff} category={category} selected={offered} onToggle={toggleService} />
        )}
      </Section>

      <Section title={bookTexts.timeHeading} id="bk-time-title">
        {!tariff || !category ? (
          <p class="bk-hint">{bookTexts.timeNeedsTariff}</p>
        ) : (
          <>
            <DayStrip
              days={days}
              today={card.today}
              selected={free.date}
              empty={free.emptyDays}
              onSelect={(day) => {
                setSlotMessage(null);
                free.pickDay(day);
              }}
            />
            <div class="bk-times-area" aria-busy={free.loading}>
              {free.loading && !free.times ? (
                <p class="bk-hint" role="status">
                  {bookTexts.timesLoading}
                </p>
              ) : free.error ? (
                <div class="bk-inline-error" role="alert">
                  <span aria-hidden="true">⚠ </span>
                  {free.error}{' '}
                  <button type="button" class="bk-button bk-button--text" onClick={() => void free.refresh()}>
                    {bookTexts.retry}
                  </button>
                </div>
              ) : free.times && free.times.length > 0 ? (
                <TimeButtons
                  times={free.times}
                  timeZone={card.time_zone}
                  selected={chosenStart}
                  describedBy="bk-time-error"
                  onSelect={(value) => {
                    setStart(value);
                    setSlotMessage(null);
                    clearError('time');
                  }}
                />
              ) : free.times ? (
                <p class="bk-hint">{free.noneAhead ? bookTexts.noTimesAhead : m.noTimes}</p>
              ) : null}
            </div>
          </>
        )}
        <FieldError id="bk-time-error" message={slotMessage ?? errors.time} />
      </Section>

      <Section title={bookTexts.contactHeading} id="bk-contact-title">
        <ContactFields
          editing={editingContact}
          name={name}
          phone={phone}
          website={website}
          errors={errors}
          onName={(value) => {
            setName(value);
            clearError('name');
          }}
          onPhone={(masked) => {
            setPhone(masked);
            clearError('phone');
          }}
          onWebsite={setWebsite}
          onEdit={() => setEditingContact(true)}
        />
      </Section>

      <div class="bk-card bk-confirm">
        <label class="bk-check bk-consent">
          <input
            type="checkbox"
            name="consent"
            checked={consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby="bk-consent-error"
            onChange={(event) => {
              setConsent(event.currentTarget.checked);
              clearError('consent');
            }}
          />
          <span>
            {bookTexts.consent}
            {card.operator ? ` ${card.operator.name}` : ''} (
            <a class="bk-link" href={privacyPath(card.code)} target="_blank" rel="noopener">
              {bookTexts.consentPolicy}
            </a>
            )
          </span>
        </label>
        <FieldError id="bk-consent-error" message={errors.consent} />
        <p class="bk-total">
          <span>{bookTexts.total}</span>
          <strong>{total !== null ? formatPrice(total) : '—'}</strong>
        </p>
        <p class="bk-form-error" id="bk-form-error" role="alert">
          {formError ? (
            <>
              <span aria-hidden="true">⚠ </span>
              {formError}
            </>
          ) : null}
        </p>
        <button
          type="submit"
          class="bk-button bk-button--primary bk-submit"
          disabled={submitting || !!card.preview}
          aria-describedby={card.preview ? 'bk-preview-note' : undefined}
        >
          {submitting ? bookTexts.submitting : bookTexts.submit}
        </button>
        {card.preview && (
          <p class="bk-hint bk-preview-note" id="bk-preview-note">
            {bookTexts.previewNoBooking}
          </p>
        )}
      </div>
    </form>
  );
}
