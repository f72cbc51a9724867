import { describe, expect, it } from 'vitest';
import { swipeCloses } from './use-swipe-down';

describe('swipeCloses (the «Ещё» sheet follows a finger down)', () => {
  it('closes when dragged a quarter of the sheet, at most 120 px, however slowly', () => {
    expect(swipeCloses(120, 2000, 800)).toBe(true);
    expect(swipeCloses(100, 2000, 400)).toBe(true);
    expect(swipeCloses(99, 2000, 400)).toBe(false);
  });

  it('closes on a flick: short but fast', () => {
    expect(swipeCloses(40, 50, 800)).toBe(true);
    expect(swipeCloses(40, 200, 800)).toBe(false);
    // A twitch is not a flick.
    expect(swipeCloses(20, 10, 800)).toBe(false);
  });

  it('never closes on a drag up or none', () => {
    expect(swipeCloses(0, 10, 800)).toBe(false);
    expect(swipeCloses(-200, 10, 800)).toBe(false);
  });
});
