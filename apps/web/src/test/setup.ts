import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { resetAuthCallbackForTests } from '../features/auth/pages/auth-callback-page';
import { resetLogoutForTests } from '../features/auth/use-logout';
import { resetApiClientForTests } from '../lib/api-client';
import { resetClientLogForTests } from '../lib/client-log';
import { preloadFeedback } from '../lib/feedback';
import { resetTelegramForTests } from '../lib/telegram';
import { resetPageScrollLockForTests } from '../lib/use-page-scroll-lock';
import { runFileResets } from './file-reset';

// The web project shares one environment and module graph between the files a worker runs (isolate: false,
// vitest.config.ts); this file runs again before each of them. What one file changes is put back after it,
// as it was when the environment was new: the page, the globals, storage, timers, the app's singletons. The
// first run in an environment notes how it was (on its document: a new environment has a new one), and
// patches the environment once (below).
interface Pristine {
  url: string;
  width: number;
  height: number;
  fetch: typeof fetch;
  tz: string | undefined;
  head: ReadonlySet<Node>;
  html: ReadonlyMap<string, string>;
  body: ReadonlyMap<string, string>;
  title: string;
}
const attributes = (element: Element) => new Map([...element.attributes].map((a) => [a.name, a.value]));
const pristineKey = Symbol.for('crm.test.pristine');
const holder = document as unknown as { [pristineKey]?: Pristine };
const firstRun = !holder[pristineKey];
const pristine = (holder[pristineKey] ??= {
  url: window.location.href,
  width: window.innerWidth,
  height: window.innerHeight,
  fetch: globalThis.fetch,
  tz: process.env.TZ,
  head: new Set(document.head.childNodes),
  html: attributes(document.documentElement),
  body: attributes(document.body),
  title: document.title,
});

function restoreAttributes(element: Element, original: ReadonlyMap<string, string>) {
  for (const name of element.getAttributeNames()) if (!original.has(name)) element.removeAttribute(name);
  for (const [name, value] of original) element.setAttribute(name, value);
}

const happyDOM = (
  window as unknown as { happyDOM: { setViewport(v: object): void; setURL(url: string): void } }
).happyDOM;

// A link clicked in a test (a file download: lib/excel.ts) navigates happy-dom's window, and every later
// `new URL('/api/…', location.origin)` of the page would go nowhere: each test starts at the same address.
afterEach(() => {
  if (window.location.href !== pristine.url) happyDOM.setURL(pristine.url);
});

afterAll(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  globalThis.fetch = pristine.fetch;
  if (pristine.tz === undefined) delete process.env.TZ;
  else process.env.TZ = pristine.tz;
  localStorage.clear();
  sessionStorage.clear();
  delete window.Telegram;
  document.body.replaceChildren();
  for (const node of [...document.head.childNodes]) if (!pristine.head.has(node)) node.remove();
  restoreAttributes(document.documentElement, pristine.html);
  restoreAttributes(document.body, pristine.body);
  document.title = pristine.title;
  happyDOM.setViewport({ width: pristine.width, height: pristine.height });
  happyDOM.setURL(pristine.url);
  resetApiClientForTests();
  resetAuthCallbackForTests();
  resetClientLogForTests();
  resetLogoutForTests();
  resetPageScrollLockForTests();
  resetTelegramForTests();
  runFileResets();
});

// CI machines have 2 shared cores and antd validates asynchronously: 1 s (the default) is too tight for
// findBy*/waitFor there, while a real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// happy-dom lays nothing out and its IntersectionObserver never reports: here every observed element is on
// screen at once, as on a desktop where everything fits (lib/use-near-viewport.ts).
window.IntersectionObserver = class {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as never),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;

// antd and its icons write ≈ 440 KB of CSS-in-JS into <head> (40 <style> elements), and happy-dom matches
// every rule of it against the element and its ancestors on each getComputedStyle, which Testing
// Library calls for every candidate of every *ByRole query, and antd's popups for alignment: a third of
// the suite's CPU. Nothing here lays out or paints, and no test reads a style antd writes, so its sheets
// go to a detached element (rc-util puts them in `document.querySelector('head')`). Elements antd hides
// are hidden by inline style or by not being mounted (no-motion.ts), which queries still see.
if (firstRun) {
  const styleSink = document.createElement('div');
  const querySelector = document.querySelector.bind(document);
  document.querySelector = ((selectors: string) =>
    selectors === 'head' ? styleSink : querySelector(selectors)) as typeof document.querySelector;
}

// React 19's development build captures a stack trace (`new Error`) and a console task for every element
// it creates, to name the owner in its warnings: with antd's deep trees that was a fifth of the suite's
// CPU. The counter React keeps to cap that work per render is pinned above its cap, so elements take the
// shared "unknown owner" stack. Warnings still print, only without the owner's stack.
const reactInternals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (
  typeof reactInternals?.recentlyCreatedOwnerStacks === 'number' &&
  !Object.getOwnPropertyDescriptor(reactInternals, 'recentlyCreatedOwnerStacks')?.get
) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => 1e9, set: () => {} });
}

// antd reads matchMedia for responsive grids (STACK trap 7).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Messages and confirmations load apart in the app, a moment after the page (lib/feedback.tsx). Here they
// are ready from the first render, as in the browser by the time someone acts: a test's first message does
// not wait for antd's message, notification and modal code to be transformed.
await preloadFeedback();
