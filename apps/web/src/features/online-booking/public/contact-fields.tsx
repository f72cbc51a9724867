/** @jsxImportSource preact */
import { maskPhone } from '@crm/shared';
import { bookTexts } from './book-texts';
import { FieldError } from './book-ui';

/** Name and phone (the +7 mask as typed), or the remembered ones with «Изменить»; and the honeypot. */
export function ContactFields(props: {
  editing: boolean;
  name: string;
  phone: string;
  website: string;
  errors: { name?: string; phone?: string };
  onName: (name: string) => void;
  onPhone: (masked: string) => void;
  onWebsite: (value: string) => void;
  onEdit: () => void;
}) {
  return (
    <>
      {props.editing ? (
        <div class="bk-contact">
          <div class="bk-field">
            <label for="bk-name">{bookTexts.name}</label>
            <input
              id="bk-name"
              class="bk-input"
              type="text"
              name="name"
              autocomplete="given-name"
              maxLength={60}
              value={props.name}
              aria-invalid={props.errors.name ? true : undefined}
              aria-describedby="bk-name-error"
              onInput={(event) => props.onName(event.currentTarget.value)}
            />
            <FieldError id="bk-name-error" message={props.errors.name} />
          </div>
          <div class="bk-field">
            <label for="bk-phone">{bookTexts.phone}</label>
            <input
              id="bk-phone"
              class="bk-input"
              type="tel"
              name="phone"
              inputMode="tel"
              autocomplete="tel"
              placeholder="+7 (999) 123-45-67"
              value={props.phone}
              aria-invalid={props.errors.phone ? true : undefined}
              aria-describedby="bk-phone-error"
              onInput={(event) => {
                const masked = maskPhone(event.currentTarget.value);
                // The input shows the mask even when the state did not change (a letter typed).
                event.currentTarget.value = masked;
                props.onPhone(masked);
              }}
            />
            <FieldError id="bk-phone-error" message={props.errors.phone} />
          </div>
        </div>
      ) : (
        <div class="bk-summary">
          <p class="bk-summary__text">
            <strong>{props.name}</strong> · {props.phone}
          </p>
          <button
            type="button"
            class="bk-button bk-button--text"
            aria-label={`${bookTexts.change}: ${bookTexts.contactHeading.toLowerCase()}`}
            onClick={props.onEdit}
          >
            {bookTexts.change}
          </button>
        </div>
      )}
      {/* The honeypot: people never see or reach it; bots that fill every field are told apart. */}
      <div class="bk-honeypot" aria-hidden="true">
        <label for="bk-website">{bookTexts.honeypot}</label>
        <input
          id="bk-website"
          type="text"
          name="website"
          tabIndex={-1}
          autocomplete="off"
          value={props.website}
          onInput={(event) => props.onWebsite(event.currentTarget.value)}
        />
      </div>
    </>
  );
}
