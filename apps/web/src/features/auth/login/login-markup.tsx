import { renderToStaticMarkup } from 'react-dom/server';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExperimentOutlined,
  MessageOutlined,
  MobileOutlined,
  MoonOutlined,
  NotificationOutlined,
  SunOutlined,
  UserAddOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { messages } from '@crm/shared';
import { BrandLogo } from '../../../components/brand-logo';
import { LoadingOverlayView } from '../../../components/loading-overlay-view';
import { product } from '../../../lib/product';
import { initials, testimonials } from './testimonials';

/**
 * The login page `/auth/yandex` (S1 §1, §2 «Auth routes», §4 «Authentication») as static markup, rendered
 * once at build time into login.html (vite.config.ts). The page is not part of the React app: a phone's
 * first visit gets this HTML, three small stylesheets and a small script (`login-page.ts`, which makes the
 * markup work), not the app's 135 KB of React, router and Query (issue 15). React serves here only as the
 * template language, with the app's own icons and logo.
 *
 * The script finds its parts by `data-login`. Two of them the server fills in when it serves the page
 * (apps/server/src/login-page.ts): the demo note loses `hidden` in demo mode, and the support link gets
 * the configured address — so neither arrives late and moves the page.
 */

const features = [
  'Календарь боксов и онлайн-запись без накладок',
  'Несколько станций и сотрудники с разными правами',
  'Работает на компьютере, телефоне и в Telegram',
];

/** The rotating testimonials; drawn twice (beside the pitch on a desktop, under the card on a phone). */
function Testimonials({ place }: { place: 'brand' | 'panel' }) {
  const first = testimonials[0]!;
  return (
    <figure
      className={`testimonials testimonials--${place}`}
      aria-roledescription="карусель"
      aria-label="Отзывы клиентов"
      data-login="testimonials"
    >
      <blockquote className="testimonials__quote" aria-live="polite" data-login="quote">
        «{first.quote}»
      </blockquote>
      <figcaption className="testimonials__author">
        <span className="testimonials__avatar" aria-hidden="true" data-login="initials">
          {initials(first.name)}
        </span>
        <span>
          <strong data-login="name">{first.name}</strong>
          <span className="testimonials__role" data-login="role">
            {first.role}
          </span>
        </span>
      </figcaption>
      <div className="testimonials__dots">
        {testimonials.map((t, i) => (
          <button
            key={t.name}
            type="button"
            className={i === 0 ? 'is-active' : undefined}
            aria-label={`Отзыв ${i + 1} из ${testimonials.length}`}
            aria-current={i === 0}
            data-login="dot"
          />
        ))}
      </div>
    </figure>
  );
}

function LoginPageMarkup() {
  return (
    <>
      <div className="login" data-login="page">
        <section className="login__brand" aria-label={product.name}>
          <div className="login__brand-top">
            <BrandLogo size={40} />
          </div>
          <div className="login__pitch">
            <h1>{product.tagline}</h1>
            <ul className="login__features">
              {features.map((f) => (
                <li key={f}>
                  <CheckCircleFilled aria-hidden="true" /> {f}
                </li>
              ))}
            </ul>
          </div>
          <Testimonials place="brand" />
        </section>

        <main className="login__panel">
          <button
            type="button"
            className="login__theme"
            title="Тёмная тема"
            aria-label="Включить тёмную тему"
            data-login="theme"
          >
            <MoonOutlined className="login__theme-to-dark" />
            <SunOutlined className="login__theme-to-light" />
          </button>
          <div className="login__card">
            <div className="login__demo" role="note" data-login="demo" hidden>
              <span className="login__demo-badge">
                <ExperimentOutlined aria-hidden="true" /> Демо-режим
              </span>
              <span>
                Вход без Яндекс ID: на следующем шаге выберите демо-пользователя (например, «owner» — владелец
                сети). Данные учебные.
              </span>
            </div>
            {/* An invitation link being followed: who invites whom where (login-page.ts fills it in). */}
            <div className="login__invite" role="status" data-login="invite" hidden>
              <UserAddOutlined aria-hidden="true" />
              <div>
                <strong data-login="invite-text" />
                <span data-login="invite-access" />
              </div>
            </div>
            <h2>Вход в {product.name}</h2>
            <p className="login__lead">
              Войдите, чтобы открыть расписание, записи и настройки ваших станций.
            </p>

            <div className="login__alert login__alert--error" role="alert" data-login="error" hidden>
              <CloseCircleFilled aria-hidden="true" />
              <div>
                <strong>{messages.auth.loginError}</strong>
                <span data-login="error-text" />
              </div>
              <button type="button" className="login__retry" data-login="retry">
                Повторить
              </button>
            </div>
            <div className="login__alert login__alert--timeout" role="alert" data-login="timeout" hidden>
              <WarningFilled aria-hidden="true" />
              <div>
                <strong>{messages.auth.timeout}</strong>
              </div>
              <button type="button" className="login__retry" data-login="retry">
                Повторить
              </button>
            </div>

            <button type="button" className="yandex-button" data-login="yandex">
              <span className="yandex-button__logo" aria-hidden="true" data-login="yandex-mark">
                Я
              </span>
              <span data-login="yandex-text">Войти с Яндекс ID</span>
            </button>
            <p className="login__fine">
              Мы получим только имя, e-mail и телефон из вашего Яндекс ID — пароль остаётся у Яндекса.
            </p>

            <nav className="login__links" aria-label="Помощь">
              {/* The server writes the configured address in (attribute order matters to it). */}
              <a
                data-login="support"
                href={product.defaultSupportUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                <MessageOutlined aria-hidden="true" /> Поддержка
              </a>
              <a href={product.channelUrl} target="_blank" rel="noopener noreferrer">
                <NotificationOutlined aria-hidden="true" /> Новости в Telegram
              </a>
              <a href="/install-app" target="_blank" rel="noopener">
                <MobileOutlined aria-hidden="true" /> Установить приложение
              </a>
            </nav>
          </div>
          <Testimonials place="panel" />
          <p className="login__copy">
            © <span data-login="year">{new Date().getFullYear()}</span> {product.name}
          </p>
        </main>
      </div>

      {/* The Telegram mini-app signs in by itself (S1 §4 step 11): this instead of the page meanwhile. */}
      <div data-login="telegram" hidden>
        <LoadingOverlayView text={messages.auth.waiting} />
      </div>
    </>
  );
}

/** The page's markup for login.html's <body>. */
export function renderLoginPageMarkup(): string {
  return renderToStaticMarkup(<LoginPageMarkup />);
}
