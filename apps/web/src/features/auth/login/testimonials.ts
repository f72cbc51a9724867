export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

/** Customer testimonials of the login page (S1 §1), rotating every 6 s. */
export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'Раньше записи терялись в тетради и мессенджерах. Теперь администратор видит загрузку всех боксов и не ставит две машины на одно время.',
    name: 'Алексей Морозов',
    role: 'владелец мойки «Чистый кузов», Казань',
  },
  {
    quote:
      'Утром открываю телефон и сразу вижу, сколько машин на сегодня. Управлять двумя точками стало заметно спокойнее.',
    name: 'Марина Ковалёва',
    role: 'управляющая сетью моек, Екатеринбург',
  },
  {
    quote: 'Новых сотрудников обучаем за полчаса: всё по-русски и понятно, даже с телефона.',
    name: 'Игорь Сафонов',
    role: 'администратор, Новосибирск',
  },
  {
    quote:
      'Перешли с таблиц за один вечер: добавили станцию, боксы и график работы — и сразу начали принимать записи.',
    name: 'Ольга Белова',
    role: 'владелица мойки самообслуживания, Тверь',
  },
];

export const TESTIMONIAL_INTERVAL_MS = 6000;

/** «Алексей Морозов» → «АМ», the avatar of a testimonial. */
export const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');
