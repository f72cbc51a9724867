import { cancelledStatuses, orderStatusLabels, orderStatuses, type OrderStatus } from './order-status';

/**
 * Order history rules (S1 §2 «Order history», §9): status groups, page sizes, the near-empty rule and the
 * search of statuses by their Russian names. Pure: the server, the page and the export share them.
 */

/** Page sizes (S1 §9): cards 12 (12, 24, 48, 96), table 25 (25, 50, 100, 200). */
export const historyPageSizes = {
  cards: { default: 12, options: [12, 24, 48, 96] },
  table: { default: 25, options: [25, 50, 100, 200] },
} as const;
export type HistoryView = keyof typeof historyPageSizes;

/** The status multiselect: the cancelled statuses are grouped as one «Отменен» (S1 §2). */
export const historyStatusOptions: readonly { value: string; label: string; statuses: OrderStatus[] }[] = [
  ...orderStatuses
    .filter((s) => !cancelledStatuses.includes(s))
    .map((s) => ({ value: s, label: orderStatusLabels[s], statuses: [s] })),
  { value: 'cancelled', label: 'Отменен', statuses: [...cancelledStatuses] },
];

/** The statuses behind the chosen multiselect values ([] when none: the list call reads that as every status). */
export function statusesOfOptions(values: readonly string[]): OrderStatus[] {
  return historyStatusOptions.filter((o) => values.includes(o.value)).flatMap((o) => o.statuses);
}

/** Lower case with ё as е: how search compares text (the server folds the same way in SQL). */
export function foldSearch(text: string): string {
  return text.trim().toLowerCase().replaceAll('ё', 'е');
}

/** Every Russian name a status is known by (S1 §4 «Labels»), for search. */
const statusNames: Record<OrderStatus, string[]> = {
  Accepted: ['Новый', 'Ожидание'],
  Booked: ['Забронирован'],
  Processing: ['В процессе'],
  Completed: ['Завершен'],
  Canceled: ['Отменен'],
  StationCanceled: ['Отменен станцией'],
  UserCanceled: ['Отменен клиентом', 'Отменен пользователем'],
};

/** Statuses whose Russian name contains the search text («отмен» finds all three cancelled ones). */
export function statusesMatching(search: string): OrderStatus[] {
  const term = foldSearch(search);
  if (!term) return [];
  return orderStatuses.filter((s) => statusNames[s].some((name) => foldSearch(name).includes(term)));
}

/** The fields of an order that carry information (S1 §2: history hides orders with three or fewer). */
export interface MeaningfulFields {
  client_car: { brand: string; model: string; plate_number: string };
  basket: { tariff_id: string | null };
  sum: number;
  driver_id: string | null;
  phones: readonly unknown[];
  comment: string;
}

export function meaningfulFieldCount(order: MeaningfulFields): number {
  return [
    order.client_car.brand.trim() !== '',
    order.client_car.model.trim() !== '',
    order.client_car.plate_number.trim() !== '',
    order.basket.tariff_id !== null,
    order.sum > 0,
    order.driver_id !== null,
    order.phones.length > 0,
    order.comment.trim() !== '',
  ].filter(Boolean).length;
}

export const nearEmptyMaxFields = 3;

export function isNearEmptyOrder(order: MeaningfulFields): boolean {
  return meaningfulFieldCount(order) <= nearEmptyMaxFields;
}
