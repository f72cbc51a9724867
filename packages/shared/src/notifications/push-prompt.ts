import type { CrmData } from '../users/crm-data.schema';

/** The prompt's part of the CRM data (S1 §3 `pushNotifications`). */
export type PushPromptState = NonNullable<CrmData['pushNotifications']>;

/** What the browser says about push, read without asking the user anything. */
export interface BrowserPushState {
  /** `Notification.permission`, or 'unsupported' without the Push API. */
  permission: 'default' | 'granted' | 'denied' | 'unsupported';
  /** This browser already has a subscription (the server knows its endpoint). */
  subscribed: boolean;
}

/** S1 §4 «Push prompt», S2 §9. */
export const pushPromptRules = {
  maxDismissals: 2,
  /**
   * Days between two prompts. The spec gives 6 and, in its demo variant, 7 (S1 §4, S2 §9 «both readings»):
   * we take 6, the rule of the product itself.
   */
  cooldownDays: 6,
  requiredActions: 3,
  requiredSessions: 2,
  /** The prompt appears this long after the third significant action, not in the middle of a click. */
  showDelayMs: 1000,
} as const;

const dayMs = 24 * 60 * 60 * 1000;

export const pushPromptTexts = {
  title: 'Включить уведомления о новых записях?',
  text: 'Браузер сообщит о новой записи, даже когда вкладка CRM закрыта.',
  enable: 'Включить',
  later: 'Не сейчас',
  never: 'Больше не спрашивать',
} as const;

interface PromptInput {
  state: PushPromptState | undefined;
  allowPushNotifications: boolean;
  browser: BrowserPushState;
  now: Date;
}

/** Whether the prompt may be shown now: every rule of S1 §4 at once. */
export function shouldShowPushPrompt({ state, allowPushNotifications, browser, now }: PromptInput): boolean {
  if (!allowPushNotifications) return false;
  if (browser.permission === 'unsupported' || browser.permission === 'denied' || browser.subscribed)
    return false;
  const s = state ?? {};
  if ((s.promptDismissedCount ?? 0) >= pushPromptRules.maxDismissals) return false;
  if (s.lastPromptDate) {
    const since = now.getTime() - Date.parse(s.lastPromptDate);
    if (since < pushPromptRules.cooldownDays * dayMs) return false;
  }
  return isEngaged(s);
}

function isEngaged(s: PushPromptState): boolean {
  const journey = s.userJourney ?? {};
  return (
    (journey.significantActionsCount ?? 0) >= pushPromptRules.requiredActions &&
    (journey.sessionsCount ?? 0) >= pushPromptRules.requiredSessions
  );
}

/**
 * A significant action (an order created, a setting saved…). `showAfterMs` is set once the count has
 * reached the third action: the caller checks {@link shouldShowPushPrompt} after that delay. Later actions
 * keep asking too, so a user who reached three in the first session is asked in the second.
 */
export function recordSignificantActionState(
  state: PushPromptState | undefined,
  now: Date,
  action: string | null = null,
): { state: PushPromptState; showAfterMs: number | null } {
  const s = state ?? {};
  const journey = s.userJourney ?? {};
  const count = (journey.significantActionsCount ?? 0) + 1;
  const next: PushPromptState = {
    ...s,
    userJourney: {
      ...journey,
      significantActionsCount: count,
      lastSignificantAction: action ?? now.toISOString(),
    },
  };
  next.contextualTriggers = { ...s.contextualTriggers, significantEngagement: isEngaged(next) };
  return {
    state: next,
    showAfterMs: count >= pushPromptRules.requiredActions ? pushPromptRules.showDelayMs : null,
  };
}

/** A new browser session (the caller makes sure it counts once per session). */
export function recordSessionState(state: PushPromptState | undefined): PushPromptState {
  const s = state ?? {};
  const journey = s.userJourney ?? {};
  const next: PushPromptState = {
    ...s,
    userJourney: { ...journey, sessionsCount: (journey.sessionsCount ?? 0) + 1 },
  };
  next.contextualTriggers = { ...s.contextualTriggers, significantEngagement: isEngaged(next) };
  return next;
}

/** The prompt appeared. */
export function promptShownState(state: PushPromptState | undefined): PushPromptState {
  return { ...state, hasSeenPrompt: true };
}

/** «Не сейчас»: one more dismissal, and the cooldown starts now. */
export function promptDismissedState(state: PushPromptState | undefined, now: Date): PushPromptState {
  return {
    ...state,
    hasSeenPrompt: true,
    promptDismissedCount: (state?.promptDismissedCount ?? 0) + 1,
    lastPromptDate: now.toISOString(),
  };
}

/** «Больше не спрашивать»: the count goes straight to the maximum (S1 §4 permanent dismissal). */
export function promptDismissedForeverState(state: PushPromptState | undefined, now: Date): PushPromptState {
  return {
    ...state,
    hasSeenPrompt: true,
    promptDismissedCount: Math.max(state?.promptDismissedCount ?? 0, pushPromptRules.maxDismissals),
    lastPromptDate: now.toISOString(),
  };
}
