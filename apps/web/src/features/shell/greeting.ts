export const GREETING_DURATION_MS = 4500;

const greetedKey = (userId: string) => `crm.greeted.${userId}`;

/** Once per user per session: the flag lives in session storage (S1 §1). */
export function shouldGreet(userId: string): boolean {
  return sessionStorage.getItem(greetedKey(userId)) !== '1';
}

export function markGreeted(userId: string) {
  sessionStorage.setItem(greetedKey(userId), '1');
}
