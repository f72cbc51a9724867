/**
 * When the app offers to be installed (S1 §2 «install-app prompt», S1 §9): on a phone, in the browser (not
 * already installed), no sooner than 20 s into the visit or after 3 clicks or scrolls, whichever comes first,
 * and again no sooner than 7 days after it was last shown (so «Позже» silences it for a week).
 */
export const installPromptRules = {
  /** S1 §9 «appears after 20 s …». */
  delayMs: 20_000,
  /** S1 §9 «… or 3 clicks or scrolls». */
  interactions: 3,
  /** S1 §9 «repeats no sooner than 7 days after last shown». */
  repeatAfterDays: 7,
} as const;

export const installPromptTexts = {
  title: 'Установите приложение',
  text: 'Мойка CRM откроется с главного экрана в одно касание, на весь экран.',
  later: 'Позже',
  install: 'Установить',
  howTo: 'Как установить',
} as const;

const dayMs = 24 * 60 * 60 * 1000;

/** How the prompt installs here: the browser's own dialog (Chromium), the instructions page (iOS), or not at all. */
export type InstallWay = 'browser' | 'instructions';

export interface InstallContext {
  /** A phone (or tablet) browser, not a desktop. */
  mobile: boolean;
  /** Running installed: `display-mode: standalone` (or iOS's `navigator.standalone`). */
  standalone: boolean;
  ios: boolean;
  /** The browser handed over its `beforeinstallprompt` event (Chromium, installable, not installed). */
  browserPrompt: boolean;
}

/** Which way the prompt offers, or null when it is not offered here at all. */
export function installWay(context: InstallContext): InstallWay | null {
  if (!context.mobile || context.standalone) return null;
  if (context.browserPrompt) return 'browser';
  // Safari has no install event: the page with the instructions and the videos.
  if (context.ios) return 'instructions';
  // Chromium without the event is installed already (or cannot install): nothing to offer.
  return null;
}

/** Whether the last showing (ISO time, or null: never shown on this device) still keeps the prompt away. */
export function installPromptResting(lastShownAt: string | null, now: number): boolean {
  if (!lastShownAt) return false;
  const shown = Date.parse(lastShownAt);
  if (Number.isNaN(shown)) return false;
  return now - shown < installPromptRules.repeatAfterDays * dayMs;
}

/**
 * How long until the visit has earned the prompt: 0 once 20 s have passed or 3 clicks or scrolls were made,
 * else the time left until the 20 s.
 */
export function installPromptWaitMs(visit: { startedAt: number; interactions: number; now: number }): number {
  if (visit.interactions >= installPromptRules.interactions) return 0;
  return Math.max(0, visit.startedAt + installPromptRules.delayMs - visit.now);
}
