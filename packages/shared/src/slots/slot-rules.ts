// Pure slot rules (S2 §3, §4, §9; DESIGN §6). No zod: the slots page loads it lazily.

export const slotStatuses = ['Free', 'Blocked', 'Busy'] as const;
export type SlotStatus = (typeof slotStatuses)[number];

/** Groups of the slot manager by the slot's local start hour: night 0–6, morning 6–12, day 12–18, evening 18–24. */
export const slotGroups = ['morning', 'day', 'evening', 'night'] as const;
export type SlotGroup = (typeof slotGroups)[number];

export const slotGroupLabels: Record<SlotGroup, string> = {
  morning: 'Утро',
  day: 'День',
  evening: 'Вечер',
  night: 'Ночь',
};

export function slotGroupOf(startMinutes: number): SlotGroup {
  const hour = Math.floor(startMinutes / 60);
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'day';
  return 'evening';
}

/** S2 §8 «Slots» and §9 constants, quoted exactly. */
export const slotMessages = {
  alreadyInState: 'Слот уже находится в запрашиваемом состоянии',
  forbidden: 'У вас недостаточно прав для этого действия',
  toggleFailed: 'Ошибка при изменении статуса слота',
  loadFailed: 'Не удалось загрузить временные слоты',
  busy: 'Этот слот занят заказом',
  throttle: 'Пожалуйста, подождите перед повторной отправкой запроса',
  bulkBlocked: '{n} слотов заблокированы',
  bulkUnblocked: '{n} слотов разблокированы',
  bulkFailed: 'Ошибка при изменении статуса слотов',
  blockDay: 'Заблокировать день',
  unblockDay: 'Разблокировать день',
  /** Ours. */
  dayOff: 'Выходной: станция в этот день не работает',
  noSlotsLeft: 'На сегодня свободного времени больше нет',
  pastSlot: 'Это время уже прошло',
} as const;

export const slotConstants = {
  days: 30,
  throttleMs: 1000,
  retries: 2,
  retryDelayMs: 500,
  resetDelayMs: 500,
  defaultDuration: 30,
} as const;

/**
 * The whole-day toggle of S2 §4: when more slots are blocked than free, unblock all blocked ones; otherwise
 * block all free ones. Busy and past slots are not counted.
 */
export function dayToggleAction(
  slots: readonly { status: SlotStatus; past: boolean }[],
): 'block' | 'unblock' {
  const open = slots.filter((s) => !s.past);
  const blocked = open.filter((s) => s.status === 'Blocked').length;
  const free = open.filter((s) => s.status === 'Free').length;
  return blocked > free ? 'unblock' : 'block';
}

/** «5 слотов заблокированы» / «5 слотов разблокированы» (S2 §8, the spec's wording for every n). */
export function bulkResultMessage(n: number, action: 'block' | 'unblock'): string {
  return (action === 'block' ? slotMessages.bulkBlocked : slotMessages.bulkUnblocked).replace(
    '{n}',
    String(n),
  );
}
