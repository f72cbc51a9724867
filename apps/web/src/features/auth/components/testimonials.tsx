import { useEffect, useState } from 'react';

interface Testimonial {
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

export function Testimonials() {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = window.setTimeout(
      () => setIndex((i) => (i + 1) % testimonials.length),
      TESTIMONIAL_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [index]);

  const current = testimonials[index]!;
  return (
    <figure className="testimonials" aria-roledescription="карусель" aria-label="Отзывы клиентов">
      <blockquote key={index} className="testimonials__quote" aria-live="polite">
        «{current.quote}»
      </blockquote>
      <figcaption className="testimonials__author">
        <span className="testimonials__avatar" aria-hidden="true">
          {current.name
            .split(' ')
            .map((part) => part[0])
            .join('')}
        </span>
        <span>
          <strong>{current.name}</strong>
          <span className="testimonials__role">{current.role}</span>
        </span>
      </figcaption>
      <div className="testimonials__dots">
        {testimonials.map((t, i) => (
          <button
            key={t.name}
            type="button"
            className={i === index ? 'is-active' : undefined}
            aria-label={`Отзыв ${i + 1} из ${testimonials.length}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </figure>
  );
}
