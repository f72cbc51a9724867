import { describe, expect, it } from 'vitest';
import {
  installPromptResting,
  installPromptRules,
  installPromptWaitMs,
  installWay,
} from './install-prompt-rules';
import { isNewScroll, scrollGestureGapMs } from './components/install-prompt-watch';

const phone = { mobile: true, standalone: false, ios: false, browserPrompt: false };
const day = 24 * 60 * 60 * 1000;

describe('install prompt rules (S1 §9)', () => {
  it('uses the spec constants: 20 s, 3 clicks or scrolls, 7 days', () => {
    expect(installPromptRules).toMatchObject({ delayMs: 20_000, interactions: 3, repeatAfterDays: 7 });
  });

  it('offers the browser dialog on Chromium, the instructions on iOS, nothing on a desktop or installed', () => {
    expect(installWay({ ...phone, browserPrompt: true })).toBe('browser');
    expect(installWay({ ...phone, ios: true })).toBe('instructions');
    expect(installWay(phone)).toBeNull();
    expect(installWay({ ...phone, mobile: false, browserPrompt: true })).toBeNull();
    expect(installWay({ ...phone, ios: true, standalone: true })).toBeNull();
    expect(installWay({ ...phone, browserPrompt: true, standalone: true })).toBeNull();
  });

  it('waits 20 s into the visit, or less once 3 clicks or scrolls were made', () => {
    const startedAt = 1_000_000;
    expect(installPromptWaitMs({ startedAt, interactions: 0, now: startedAt })).toBe(20_000);
    expect(installPromptWaitMs({ startedAt, interactions: 2, now: startedAt + 19_999 })).toBe(1);
    expect(installPromptWaitMs({ startedAt, interactions: 0, now: startedAt + 20_000 })).toBe(0);
    expect(installPromptWaitMs({ startedAt, interactions: 3, now: startedAt + 1_000 })).toBe(0);
  });

  it('rests for 7 days after it was last shown', () => {
    const shown = Date.parse('2026-03-01T10:00:00Z');
    const at = new Date(shown).toISOString();
    expect(installPromptResting(null, shown)).toBe(false);
    expect(installPromptResting(at, shown + 7 * day - 1)).toBe(true);
    expect(installPromptResting(at, shown + 7 * day)).toBe(false);
    expect(installPromptResting('garbage', shown)).toBe(false);
  });

  it('counts a swipe’s many scroll events as one scroll', () => {
    expect(isNewScroll(null, 5_000)).toBe(true);
    expect(isNewScroll(5_000, 5_100)).toBe(false);
    expect(isNewScroll(5_000, 5_000 + scrollGestureGapMs)).toBe(true);
  });
});
