import { describe, expect, it } from 'vitest';
import { bulkResultMessage, dayToggleAction, slotGroupOf } from './slot-rules';

describe('slotGroupOf', () => {
  it.each([
    [0, 'night'],
    [5 * 60 + 59, 'night'],
    [6 * 60, 'morning'],
    [11 * 60 + 30, 'morning'],
    [12 * 60, 'day'],
    [17 * 60 + 30, 'day'],
    [18 * 60, 'evening'],
    [23 * 60 + 30, 'evening'],
  ])('puts a slot starting at minute %i into %s', (minutes, group) => {
    expect(slotGroupOf(minutes)).toBe(group);
  });
});

describe('dayToggleAction (S2 §4)', () => {
  const slot = (status: 'Free' | 'Blocked' | 'Busy', past = false) => ({ status, past });

  it('unblocks when more slots are blocked than free', () => {
    expect(dayToggleAction([slot('Blocked'), slot('Blocked'), slot('Free')])).toBe('unblock');
  });

  it('blocks when free slots are as many or more', () => {
    expect(dayToggleAction([slot('Blocked'), slot('Free')])).toBe('block');
    expect(dayToggleAction([])).toBe('block');
  });

  it('counts neither busy nor past slots', () => {
    expect(dayToggleAction([slot('Blocked'), slot('Free', true), slot('Free', true), slot('Busy')])).toBe(
      'unblock',
    );
    expect(dayToggleAction([slot('Blocked', true), slot('Blocked', true), slot('Free')])).toBe('block');
  });
});

describe('bulkResultMessage (S2 §8)', () => {
  it('says how many slots changed, in the spec words', () => {
    expect(bulkResultMessage(5, 'block')).toBe('5 слотов заблокированы');
    expect(bulkResultMessage(12, 'unblock')).toBe('12 слотов разблокированы');
  });
});
