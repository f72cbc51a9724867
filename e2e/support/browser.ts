import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium; the tests never download a browser (STACK trap 9). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof viewports;

/** `extraArgs`: more Chromium flags (the HTTPS spec trusts its own certificate's key with one). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export interface ContextOptions {
  viewport?: ViewportName;
  colorScheme?: 'light' | 'dark';
  /** 'block' keeps the app's service worker from installing (and precaching 1.5 MB) in this context. */
  serviceWorkers?: 'allow' | 'block';
  /** 'reduce': the device asks for less motion (iOS «Уменьшение движения», Android «Отключить анимацию»). */
  reducedMotion?: 'reduce' | 'no-preference';
}

/** A fresh context (own cookies and storage) with the product's base URL and a Russian locale. */
export function newContext(browser: Browser, baseUrl: string, options: ContextOptions = {}) {
  const phone = options.viewport === 'phone';
  return browser.newContext({
    baseURL: baseUrl,
    viewport: viewports[options.viewport ?? 'desktop'],
    deviceScaleFactor: phone ? 3 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'allow',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
}

/** Uncaught page errors, kept per page so a spec can assert there were none. */
const errorsByPage = new WeakMap<Page, string[]>();

export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  errorsByPage.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

export function pageErrors(page: Page): string[] {
  return errorsByPage.get(page) ?? [];
}

/** A control by its accessible name, whether the page made it a button or a link. */
export function control(scope: Page | Locator, name: string | RegExp): Locator {
  return scope.getByRole('button', { name }).or(scope.getByRole('link', { name })).first();
}

/**
 * Whether the element is really seen: its centre is not under another element (a header, an overlay).
 * Playwright's «visible» only means it has a box and is not hidden.
 */
export async function isUncovered(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 8));
    return !!hit && (el === hit || el.contains(hit));
  });
}

/** A login as a whole word: `admin` must not match `administrator` or `admin.lenina@…`. */
function loginPattern(login: string) {
  return new RegExp(`(?<![\\w.@-])${login}(?![\\w.@-])`);
}

async function waitUntilSignedIn(page: Page) {
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/') && !url.pathname.startsWith('/api/'), {
    timeout: 30_000,
  });
}

/**
 * Signs in through the real UI: the login page's «Войти с Яндекс ID» → the local provider's demo page
 * → the user's entry. Resolves once the app has left the sign-in pages.
 */
export async function signIn(page: Page, login: string): Promise<void> {
  await page.goto('/auth/yandex');
  await control(page, 'Войти с Яндекс ID').click();
  await page.waitForURL(/\/api\/auth\/local\/authorize/);
  await page
    .locator('a, button')
    .filter({ hasText: loginPattern(login) })
    .first()
    .click();
  await waitUntilSignedIn(page);
}

/** The same sign-in, skipping the two pages: `/api/auth/login?…&login=` goes straight back with a code. */
export async function signInFast(page: Page, baseUrl: string, login: string): Promise<void> {
  const url = new URL('/api/auth/login', baseUrl);
  url.searchParams.set('redirect_uri', `${baseUrl}/auth/callback`);
  url.searchParams.set('login', login);
  await page.goto(url.toString());
  await waitUntilSignedIn(page);
}
