import { describe, expect, it } from 'vitest';
import { canAddStation, canManageStation, positionAt } from './station-access';
import { boxesLabel, pluralRu } from './format';
import { testStation, testUser } from '../testing/render';

describe('station access', () => {
  const station = testStation();

  it('lets owners, principals and role admin manage, not workers or administrators', () => {
    expect(canManageStation(testUser(), station)).toBe(true);
    const as = (position: 'principal' | 'administrator' | 'worker') =>
      testUser({ networks: [{ id: 'n1', name: 'Демо-сеть', position }] });
    expect(canManageStation(as('principal'), station)).toBe(true);
    expect(canManageStation(as('administrator'), station)).toBe(false);
    expect(canManageStation(as('worker'), station)).toBe(false);
    expect(canManageStation(testUser({ role: 'admin', networks: [] }), station)).toBe(true);
    expect(positionAt(testUser({ networks: [] }), station)).toBeNull();
  });

  it('lets owners, principals and users without a network add a station', () => {
    expect(canAddStation(testUser())).toBe(true);
    expect(canAddStation(testUser({ networks: [] }))).toBe(true);
    expect(canAddStation(testUser({ networks: [{ id: 'n1', name: 'Сеть', position: 'worker' }] }))).toBe(
      false,
    );
  });
});

describe('formatting', () => {
  it('declines Russian nouns', () => {
    expect([1, 2, 5, 11, 21, 22, 112].map((n) => boxesLabel(n))).toEqual([
      '1 бокс',
      '2 бокса',
      '5 боксов',
      '11 боксов',
      '21 бокс',
      '22 бокса',
      '112 боксов',
    ]);
    expect(pluralRu(14, ['a', 'b', 'c'])).toBe('c');
  });
});
