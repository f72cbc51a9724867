// Apart from date-fields.ts, which imports zod: the calendar and the dashboard name months without
// loading the schema library (25 KB gzip) on their first screen.

/** Month names as in «5 декабря» (genitive), January first. */
export const monthsGenitive = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;
