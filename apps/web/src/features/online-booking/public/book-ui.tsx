/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { displayPhone } from '@crm/shared';
import { bookTexts } from './book-texts';

// Small pieces the public pages share.

export function Skeleton() {
  return (
    <div class="bk-skeleton" role="status" aria-live="polite">
      <span class="visually-hidden">{bookTexts.loading}</span>
      <div class="bk-skeleton__line bk-skeleton__line--title" />
      <div class="bk-skeleton__line" />
      <div class="bk-skeleton__line bk-skeleton__line--short" />
      <div class="bk-skeleton__block" />
      <div class="bk-skeleton__block" />
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div class="bk-card bk-state" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" class="bk-button" onClick={onRetry}>
          {bookTexts.retry}
        </button>
      )}
    </div>
  );
}

export function PhoneLink({ phone, label }: { phone: string; label?: string }) {
  return (
    <a class="bk-link" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
      {label ? `${label}: ` : ''}
      {displayPhone(phone)}
    </a>
  );
}

export function Section({
  title,
  children,
  id,
}: {
  title: string;
  children: ComponentChildren;
  id?: string;
}) {
  return (
    <section class="bk-section" aria-labelledby={id}>
      <h2 class="bk-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A field's error under it, read out when it appears. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p class="bk-field-error" id={id} aria-live="polite">
      {message ? (
        <>
          <span aria-hidden="true">⚠ </span>
          {message}
        </>
      ) : null}
    </p>
  );
}
