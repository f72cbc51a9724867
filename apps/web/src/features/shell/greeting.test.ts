import { beforeEach, describe, expect, it } from 'vitest';
import { markGreeted, shouldGreet } from './greeting';

describe('once per user per session', () => {
  beforeEach(() => sessionStorage.clear());

  it('greets each user once', () => {
    expect(shouldGreet('a')).toBe(true);
    markGreeted('a');
    expect(shouldGreet('a')).toBe(false);
    expect(shouldGreet('b')).toBe(true);
  });
});
