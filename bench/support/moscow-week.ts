/** «Мойка на Ленина» of the demo keeps Moscow time: UTC+3 all year. */
const MSK = 3;

/** The Monday (a station date) `weeks` weeks from this one on the Moscow clock. */
export function mondayInWeeks(weeks: number): string {
  const local = new Date(Date.now() + MSK * 3600_000);
  const monday = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) + weeks * 7);
  return monday.toISOString().slice(0, 10);
}
