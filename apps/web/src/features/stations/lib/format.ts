/** Russian plural: 1 бокс, 2 бокса, 5 боксов, 21 бокс. */
export function pluralRu(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}

export function boxesLabel(n: number): string {
  return `${n} ${pluralRu(n, ['бокс', 'бокса', 'боксов'])}`;
}

/** Box statuses as the operator says them. */
export function boxStatusLabel(status: string): string {
  const labels: Record<string, string> = { Free: 'Свободен', Busy: 'Занят', Blocked: 'Заблокирован' };
  return labels[status] ?? status;
}
