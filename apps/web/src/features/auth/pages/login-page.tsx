import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExperimentOutlined,
  MessageOutlined,
  MobileOutlined,
  MoonOutlined,
  NotificationOutlined,
  SunOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { authTimings, messages } from '@crm/shared';
import { BrandLogo } from '../../../components/brand-logo';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { ApiError } from '../../../lib/api-client';
import { loginUrl } from '../../../lib/auth-redirect';
import { product } from '../../../lib/product';
import { getSessionUserId } from '../../../lib/session';
import { isTelegramLaunch, loadTelegramWebApp } from '../../../lib/telegram';
import { useTheme } from '../../../app/theme-state';
import { breakpoints, useMediaQuery } from '../../../lib/use-media-query';
import { useAppConfig } from '../../../lib/app-config';
import { signInWithTelegram } from '../api/telegram-sign-in';
import { Testimonials } from '../components/testimonials';
import { YandexButton } from '../components/yandex-button';
import { endSession, completeSignIn } from '../session-lifecycle';
import type { LoginPageState } from './auth-callback-page';
import './login-page.css';

type Status = 'idle' | 'redirecting' | 'telegram' | 'error' | 'timeout';

const features = [
  'Календарь боксов и онлайн-запись без накладок',
  'Несколько станций и сотрудники с разными правами',
  'Работает на компьютере, телефоне и в Telegram',
];

/**
 * `/auth/yandex` (S1 §2 «Auth routes», §4 «Authentication»). Kept light: no antd at all (its buttons are
 * plain markup styled in login-page.css), so a phone's first visit downloads little (issue 15).
 */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const { mode, setMode } = useTheme();
  const routerError = (location.state as LoginPageState | null)?.authError;
  const [status, setStatus] = useState<Status>(() =>
    routerError ? 'error' : isTelegramLaunch() ? 'telegram' : 'idle',
  );
  const [errorText, setErrorText] = useState(routerError ?? '');
  const forcedLogout = params.get('logout') === 'true';
  const desktop = useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);

  // ?logout=true forces a fresh sign-in: nothing of the previous session may survive on this device.
  useEffect(() => {
    if (!forcedLogout) return;
    endSession(queryClient);
    void navigate('/auth/yandex', { replace: true });
  }, [forcedLogout, navigate, queryClient]);

  // Already signed in (a bookmark, the back button): straight to the app.
  useEffect(() => {
    if (!forcedLogout && status === 'idle' && getSessionUserId()) void navigate('/', { replace: true });
  }, [forcedLogout, status, navigate]);

  // S1 §4 step 6: a sign-in that has not finished within 60 s says so.
  useEffect(() => {
    if (status !== 'redirecting' && status !== 'telegram') return;
    const timer = window.setTimeout(() => setStatus('timeout'), authTimings.loginTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [status]);

  // Coming back with the browser's back button restores this page from the cache, still spinning.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setStatus('idle');
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // Telegram mini-app: sign in with the verified initData, no button (S1 §4 step 11).
  useEffect(() => {
    if (status !== 'telegram') return;
    let active = true;
    void loadTelegramWebApp().then(async (webApp) => {
      if (!active) return;
      if (!webApp) return setStatus('idle');
      try {
        const response = await signInWithTelegram(webApp.initData);
        completeSignIn(queryClient, response);
        void navigate(response.redirect_to === 'wizard' ? '/wizard' : '/', { replace: true });
      } catch (error) {
        if (!active) return;
        setErrorText(
          error instanceof ApiError && error.status === 404
            ? messages.auth.telegramUserNotFound
            : messages.auth.telegramFailed,
        );
        setStatus('error');
      }
    });
    return () => {
      active = false;
    };
  }, [status, navigate, queryClient]);

  if (status === 'telegram') return <LoadingOverlay context="auth" message={messages.auth.waiting} />;

  const startLogin = () => {
    setStatus('redirecting');
    window.location.assign(loginUrl());
  };
  const retry = () => window.location.assign('/auth/yandex');
  const supportUrl = config.data?.supportUrl ?? product.defaultSupportUrl;

  return (
    <div className="login">
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
        {desktop && <Testimonials />}
      </section>

      <main className="login__panel">
        <button
          type="button"
          className="login__theme"
          title={mode === 'dark' ? 'Светлая тема' : 'Тёмная тема'}
          aria-label={mode === 'dark' ? 'Включить светлую тему' : 'Включить тёмную тему'}
          onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
        >
          {mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        </button>
        <div className="login__card">
          {config.data?.demo && (
            <div className="login__demo" role="note">
              <span className="login__demo-badge">
                <ExperimentOutlined aria-hidden="true" /> Демо-режим
              </span>
              <span>
                Вход без Яндекс ID: на следующем шаге выберите демо-пользователя (например, «owner» — владелец
                сети). Данные учебные.
              </span>
            </div>
          )}
          <h2>Вход в {product.name}</h2>
          <p className="login__lead">Войдите, чтобы открыть расписание, записи и настройки ваших станций.</p>

          {(status === 'error' || status === 'timeout') && (
            <div className={`login__alert login__alert--${status}`} role="alert">
              {status === 'error' ? (
                <CloseCircleFilled aria-hidden="true" />
              ) : (
                <WarningFilled aria-hidden="true" />
              )}
              <div>
                <strong>{status === 'error' ? messages.auth.loginError : messages.auth.timeout}</strong>
                {status === 'error' && <span>{errorText}</span>}
              </div>
              <button type="button" className="login__retry" onClick={retry}>
                Повторить
              </button>
            </div>
          )}

          <YandexButton busy={status === 'redirecting'} onClick={startLogin} />
          <p className="login__fine">
            Мы получим только имя, e-mail и телефон из вашего Яндекс ID — пароль остаётся у Яндекса.
          </p>

          <nav className="login__links" aria-label="Помощь">
            <a href={supportUrl} target="_blank" rel="noopener noreferrer">
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
        {!desktop && <Testimonials />}
        <p className="login__copy">
          © {new Date().getFullYear()} {product.name}
        </p>
      </main>
    </div>
  );
}
