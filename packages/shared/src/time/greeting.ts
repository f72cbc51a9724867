/** The greeting by local hour (S1 §1, S2 §9): 6–12 morning, 12–18 afternoon, 18–23 evening, otherwise night. */
export function greetingForHour(hour: number): string {
  if (hour >= 6 && hour < 12) return 'Доброе утро';
  if (hour >= 12 && hour < 18) return 'Добрый день';
  if (hour >= 18 && hour < 23) return 'Добрый вечер';
  return 'Доброй ночи';
}
