import { describe, expect, it } from 'vitest';
import { barItems } from './bottom-bar';
import { activeNavKey, buildNavItems } from './nav-items';

const support = 'https://t.me/support';

describe('navigation items', () => {
  it('offers Home, Расписание (the station index), «Запись», settings, profile and support', () => {
    const items = buildNavItems('s1', support);
    expect(items.map((i) => [i.key, i.label, i.to])).toEqual([
      ['home', 'Главная', '/'],
      ['schedule', 'Расписание', '/station/s1'],
      ['create', 'Новая запись', '/station/s1?newOrder=1'],
      ['settings', 'Настройки станции', '/station/s1/settings'],
      ['profile', 'Профиль', '/profile'],
      ['support', 'Поддержка', support],
    ]);
    expect(items.find((i) => i.key === 'create')!.shortLabel).toBe('Запись');
  });

  it('keeps station sections in place but unusable until a station is selected', () => {
    const items = buildNavItems(null, support);
    expect(items.filter((i) => i.to === null).map((i) => i.key)).toEqual(['schedule', 'create', 'settings']);
  });

  it('does not offer «Запись» to someone who may not create orders', () => {
    const items = buildNavItems('s1', support, { canCreateOrder: false });
    expect(items.map((i) => i.key)).not.toContain('create');
  });

  it('puts «Запись» in the middle of the phone bar, before «Ещё»', () => {
    expect(barItems(buildNavItems('s1', support)).map((i) => i.shortLabel)).toEqual([
      'Главная',
      'Расписание',
      'Запись',
      'Настройки',
    ]);
    expect(barItems(buildNavItems('s1', support, { canCreateOrder: false })).map((i) => i.key)).toEqual([
      'home',
      'schedule',
      'settings',
      'profile',
    ]);
  });

  it('marks the section of the current address', () => {
    expect(activeNavKey('/')).toBe('home');
    expect(activeNavKey('/station/s1')).toBe('schedule');
    expect(activeNavKey('/station/s1', '?view=week&orderId=o1')).toBe('schedule');
    expect(activeNavKey('/station/s1', '?newOrder=1')).toBe('create');
    expect(activeNavKey('/station/s1/schedule')).toBe('schedule');
    expect(activeNavKey('/station/s1/settings')).toBe('settings');
    expect(activeNavKey('/profile')).toBe('profile');
    expect(activeNavKey('/station/s1/history')).toBeNull();
  });
});
