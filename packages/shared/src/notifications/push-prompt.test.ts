import { describe, expect, it } from 'vitest';
import {
  promptDismissedForeverState,
  promptDismissedState,
  promptShownState,
  pushPromptRules,
  recordSessionState,
  recordSignificantActionState,
  shouldShowPushPrompt,
  type BrowserPushState,
  type PushPromptState,
} from './push-prompt';

const now = new Date('2026-03-10T09:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
const engaged: PushPromptState = { userJourney: { sessionsCount: 2, significantActionsCount: 3 } };
const fresh: BrowserPushState = { permission: 'default', subscribed: false };

const show = (
  state: PushPromptState | undefined,
  over: { allow?: boolean; browser?: BrowserPushState; at?: Date } = {},
) =>
  shouldShowPushPrompt({
    state,
    allowPushNotifications: over.allow ?? true,
    browser: over.browser ?? fresh,
    now: over.at ?? now,
  });

describe('shouldShowPushPrompt (S1 §4)', () => {
  it('shows to an engaged user with push allowed who has never answered', () => {
    expect(show(engaged)).toBe(true);
  });

  it('never shows without allow_push_notifications', () => {
    expect(show(engaged, { allow: false })).toBe(false);
  });

  it('needs three significant actions and two sessions', () => {
    expect(show(undefined)).toBe(false);
    expect(show({ userJourney: { sessionsCount: 2, significantActionsCount: 2 } })).toBe(false);
    expect(show({ userJourney: { sessionsCount: 1, significantActionsCount: 9 } })).toBe(false);
    expect(show({ userJourney: { sessionsCount: 5, significantActionsCount: 3 } })).toBe(true);
  });

  it('stops after two dismissals', () => {
    expect(show({ ...engaged, promptDismissedCount: 1, lastPromptDate: daysAgo(30) })).toBe(true);
    expect(show({ ...engaged, promptDismissedCount: 2, lastPromptDate: daysAgo(30) })).toBe(false);
  });

  it('waits six days after the last prompt', () => {
    const dismissed = (days: number) => ({
      ...engaged,
      promptDismissedCount: 1,
      lastPromptDate: daysAgo(days),
    });
    expect(pushPromptRules.cooldownDays).toBe(6);
    expect(show(dismissed(5.9))).toBe(false);
    expect(show(dismissed(6))).toBe(true);
  });

  it('never shows when this browser is subscribed, denied or without push', () => {
    expect(show(engaged, { browser: { permission: 'granted', subscribed: true } })).toBe(false);
    expect(show(engaged, { browser: { permission: 'denied', subscribed: false } })).toBe(false);
    expect(show(engaged, { browser: { permission: 'unsupported', subscribed: false } })).toBe(false);
    expect(show(engaged, { browser: { permission: 'granted', subscribed: false } })).toBe(true);
  });
});

describe('prompt state updates', () => {
  it('counts significant actions and asks for the prompt 1 s after the third', () => {
    let state: PushPromptState | undefined;
    const delays: (number | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const result = recordSignificantActionState(state, now, 'order_created');
      state = result.state;
      delays.push(result.showAfterMs);
    }
    expect(delays).toEqual([null, null, 1000, 1000]);
    expect(state?.userJourney).toMatchObject({
      significantActionsCount: 4,
      lastSignificantAction: 'order_created',
    });
    expect(state?.contextualTriggers?.significantEngagement).toBe(false);
  });

  it('marks engagement once both sessions and actions are there', () => {
    const twoSessions = recordSessionState(recordSessionState(undefined));
    expect(twoSessions.userJourney?.sessionsCount).toBe(2);
    let state = twoSessions;
    for (let i = 0; i < 3; i++) state = recordSignificantActionState(state, now).state;
    expect(state.contextualTriggers?.significantEngagement).toBe(true);
    expect(state.userJourney?.sessionsCount).toBe(2);
  });

  it('keeps the other members when counting a session', () => {
    const state = recordSessionState({
      promptDismissedCount: 1,
      userJourney: { significantActionsCount: 7 },
    });
    expect(state).toMatchObject({
      promptDismissedCount: 1,
      userJourney: { significantActionsCount: 7, sessionsCount: 1 },
    });
  });

  it('records a dismissal with its date', () => {
    const once = promptDismissedState(engaged, now);
    expect(once).toMatchObject({
      promptDismissedCount: 1,
      lastPromptDate: now.toISOString(),
      hasSeenPrompt: true,
    });
    expect(promptDismissedState(once, now).promptDismissedCount).toBe(2);
    expect(show(once)).toBe(false);
  });

  it('a permanent dismissal goes straight to the maximum', () => {
    const state = promptDismissedForeverState(engaged, now);
    expect(state.promptDismissedCount).toBe(pushPromptRules.maxDismissals);
    expect(show(state, { at: new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000) })).toBe(false);
  });

  it('remembers that the prompt was seen', () => {
    expect(promptShownState(undefined)).toEqual({ hasSeenPrompt: true });
  });
});
