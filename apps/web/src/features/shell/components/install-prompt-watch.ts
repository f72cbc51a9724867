/*
 * Loaded with the shell on every signed-in page, so it holds only what must run from the start; the rules
 * (../install-prompt-rules.ts) come with the prompt's own code, after the page.
 */

/** Scroll events closer together than this are one scroll (a swipe fires dozens). */
export const scrollGestureGapMs = 400;

/** Whether a scroll event at `now` begins a new scroll (the previous one ended at `lastScrollAt`). */
export function isNewScroll(lastScrollAt: number | null, now: number): boolean {
  return lastScrollAt === null || now - lastScrollAt >= scrollGestureGapMs;
}

/** Chromium's install event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The visit as the install prompt sees it (S1 §9): when it began, the clicks and scrolls, the browser's event. */
export interface InstallVisit {
  startedAt: number;
  interactions: number;
  browserPrompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

/** A phone or tablet browser (its user agent; iPadOS presents itself as a Mac with touch). */
export function isMobileDevice(): boolean {
  const ua = navigator.userAgent;
  return /Android|iPhone|iPad|iPod|Mobi/i.test(ua) || isIosDevice();
}

export function isIosDevice(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/** Opened from the home screen: the app is installed already. */
export function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

let visit: InstallVisit = { startedAt: Date.now(), interactions: 0, browserPrompt: null, installed: false };
let lastScrollAt: number | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<InstallVisit>) {
  visit = { ...visit, ...next };
  for (const listener of listeners) listener();
}

export function subscribeInstallVisit(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const installVisit = (): InstallVisit => visit;

/** The browser's event was used (its `prompt()` works once). */
export function forgetBrowserPrompt(): void {
  update({ browserPrompt: null });
}

let watching = false;

/**
 * Starts watching the visit, on a phone only: the clicks and scrolls, and Chromium's `beforeinstallprompt`,
 * kept (its mini-infobar held back) for the prompt's «Установить». Called as the shell loads, well before the
 * prompt's own code (loaded after the page) — the event comes once per page, soon after the service worker.
 * Answers whether the prompt may come at all (a phone's browser): elsewhere its code is not even loaded.
 */
export function watchInstallVisit(): boolean {
  if (watching) return true;
  if (typeof window === 'undefined' || !isMobileDevice() || isStandalone()) return false;
  watching = true;
  const options = { capture: true, passive: true } as const;
  window.addEventListener('click', () => update({ interactions: visit.interactions + 1 }), options);
  window.addEventListener(
    'scroll',
    () => {
      const now = Date.now();
      if (isNewScroll(lastScrollAt, now)) update({ interactions: visit.interactions + 1 });
      lastScrollAt = now;
    },
    options,
  );
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    update({ browserPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => update({ browserPrompt: null, installed: true }));
  return true;
}
