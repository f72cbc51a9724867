import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntlSoon } from './warm-intl';

describe('warmIntlSoon', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('makes the first formatter in a task of its own, not in the caller’s', () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    warmIntlSoon();
    expect(made).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(made).toHaveBeenCalledTimes(1);
  });
});
