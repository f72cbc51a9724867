/** @jsxImportSource preact */
import type { PublicStationCard } from '@crm/shared';
import { bookTexts } from './book-texts';
import { PhoneLink } from './book-ui';

/** The station's name, address with a map link, today's hours and «Позвонить» (booking on or off). */
export function StationHeader({ card }: { card: PublicStationCard }) {
  return (
    <header class="bk-station">
      <p class="bk-station__eyebrow">{bookTexts.pageTitle}</p>
      <h1 class="bk-station__name">{card.name}</h1>
      <p class="bk-station__line">
        <span>{card.address}</span>{' '}
        <a class="bk-link" href={card.map_url} target="_blank" rel="noopener noreferrer">
          {bookTexts.map}
        </a>
      </p>
      <p class="bk-station__line bk-station__muted">
        {card.hours_today
          ? bookTexts.hoursToday(card.hours_today.open, card.hours_today.close)
          : bookTexts.closedToday}
      </p>
      {card.phone && (
        <p class="bk-station__line">
          <PhoneLink phone={card.phone} label={bookTexts.call} />
        </p>
      )}
    </header>
  );
}
