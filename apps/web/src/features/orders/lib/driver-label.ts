import type { Driver } from '@crm/shared';

/** «Имя Фамилия», or «Имя не указано» for a client without a name (S1 §8). */
export function driverName(driver: Pick<Driver, 'name' | 'surname'>): string {
  const full = `${driver.name ?? ''} ${driver.surname ?? ''}`.trim();
  return full || 'Имя не указано';
}

/** +79161234567 → +7 916 123-45-67; anything else as it is. */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  if (d.length !== 11) return phone;
  return `${d.startsWith('8') ? '8' : '+7'} ${d.slice(1, 4)} ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9)}`;
}
