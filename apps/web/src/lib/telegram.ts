/**
 * The Telegram mini-app (S1 §4 steps 10–11, DESIGN §5). Telegram opens the app with `#tgWebAppData=…` in the
 * URL; only then is Telegram's script loaded, so ordinary visitors never download it.
 */
export interface TelegramWebApp {
  initData: string;
  colorScheme?: 'light' | 'dark';
  ready(): void;
  expand(): void;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

const SCRIPT_URL = 'https://telegram.org/js/telegram-web-app.js';
/** The hash is gone after the first client-side navigation, so the launch is remembered for the tab. */
const LAUNCH_KEY = 'crm.telegramLaunch';

/** Call once at start-up, before the router rewrites the URL. */
export function rememberTelegramLaunch(hash: string = window.location.hash) {
  if (hash.includes('tgWebAppData')) sessionStorage.setItem(LAUNCH_KEY, '1');
}

/** The app was opened as a Telegram mini-app in this tab. */
export function isTelegramLaunch(): boolean {
  return sessionStorage.getItem(LAUNCH_KEY) === '1' || !!window.Telegram?.WebApp?.initData;
}

let loading: Promise<TelegramWebApp | null> | null = null;

/** Tests share modules across files (src/test/setup.ts): the script is loaded anew. */
export function resetTelegramForTests() {
  loading = null;
}

/** Loads telegram-web-app.js once and gives the WebApp object when Telegram handed us initData. */
export function loadTelegramWebApp(): Promise<TelegramWebApp | null> {
  if (window.Telegram?.WebApp?.initData) return Promise.resolve(window.Telegram.WebApp);
  loading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const webApp = window.Telegram?.WebApp;
      if (!webApp?.initData) return resolve(null);
      webApp.ready();
      webApp.expand();
      resolve(webApp);
    };
    script.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.appendChild(script);
  });
  return loading;
}
