/** S1 §1: 6–12 morning, 12–18 afternoon, 18–23 evening, otherwise night. */
export function greetingForHour(hour: number): string {
  if (hour >= 6 && hour < 12) return 'Доброе утро';
  if (hour >= 12 && hour < 18) return 'Добрый день';
  if (hour >= 18 && hour < 23) return 'Добрый вечер';
  return 'Доброй ночи';
}

export const GREETING_DURATION_MS = 4500;

const greetedKey = (userId: string) => `crm.greeted.${userId}`;

/** Once per user per session: the flag lives in session storage (S1 §1). */
export function shouldGreet(userId: string): boolean {
  return sessionStorage.getItem(greetedKey(userId)) !== '1';
}

export function markGreeted(userId: string) {
  sessionStorage.setItem(greetedKey(userId), '1');
}
