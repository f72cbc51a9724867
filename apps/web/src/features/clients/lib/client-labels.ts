import { clientMessages, displayPhone, type Driver } from '@crm/shared';

/** «Имя Фамилия», or «Имя не указано» (S2 §2). */
export function clientName(driver: Pick<Driver, 'name' | 'surname'>): string {
  return `${driver.name ?? ''} ${driver.surname ?? ''}`.trim() || clientMessages.nameMissing;
}

export function clientPhone(driver: Pick<Driver, 'phone'>): string {
  return driver.phone ? displayPhone(driver.phone) : clientMessages.dateMissing;
}

/** «Kia Rio А123ВС77» for each car, joined. */
export function carsLine(driver: Pick<Driver, 'cars'>): string {
  return driver.cars
    .map((c) => [c.brand, c.model, c.plate_number].filter((p) => p && p.trim()).join(' '))
    .filter(Boolean)
    .join(', ');
}

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** DD.MM.YYYY (S2 §1) in the browser's zone; «Не указано» when missing or broken (S2 §2). */
export function clientDate(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return clientMessages.dateMissing;
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return clientMessages.dateMissing;
  return timeZone
    ? new Intl.DateTimeFormat('ru-RU', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone,
      }).format(time)
    : dateFormat.format(time);
}
