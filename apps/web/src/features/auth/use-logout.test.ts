import { describe, expect, it } from 'vitest';
import { claimLogout } from './use-logout';

describe('logout debounce (S1 §4 step 9)', () => {
  it('ignores a logout within 2 s of the previous one', () => {
    const t = 1_000_000;
    expect(claimLogout(t)).toBe(true);
    expect(claimLogout(t + 1999)).toBe(false);
    expect(claimLogout(t + 2000)).toBe(true);
  });
});
