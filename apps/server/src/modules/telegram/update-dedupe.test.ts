import { describe, expect, it } from 'vitest';
import { createUpdateDeduper } from './update-dedupe';

describe('Telegram update de-duplication', () => {
  it('takes an update_id once and calls every later sight of it a repeat', () => {
    const dedupe = createUpdateDeduper();
    expect(dedupe.isRepeat(10)).toBe(false);
    expect(dedupe.isRepeat(10)).toBe(true);
    expect(dedupe.isRepeat(11)).toBe(false);
    expect(dedupe.isRepeat(10)).toBe(true);
  });

  it('stays bounded, forgetting the oldest ids first', () => {
    const dedupe = createUpdateDeduper(3);
    for (const id of [1, 2, 3, 4]) dedupe.isRepeat(id);
    expect(dedupe.size).toBe(3);
    expect(dedupe.isRepeat(4)).toBe(true);
    expect(dedupe.isRepeat(2)).toBe(true);
    // 1 was the oldest: forgotten, so taken again.
    expect(dedupe.isRepeat(1)).toBe(false);
  });
});
