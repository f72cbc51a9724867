import { describe, expect, it } from 'vitest';
import { barItems } from './bottom-bar';
import { activeNavKey, buildNavItems } from './nav-items';

const support = 'https://t.me/support';

describe('navigation items', () => {
  it('offers Home, Расписание, «Заказы», «Запись», «Сводка», settings, profile and support', () => {
    const items = buildNavItems('s1', support);
    expect(items.map((i) => [i.key, i.label, i.to])).toEqual([
      ['home', 'Главная', '/'],
      ['schedule', 'Расписание', '/station/s1'],
      ['history', 'Заказы', '/station/s1/history'],
      ['create', 'Новая запись', '/station/s1?newOrder=1'],
      ['dashboard', 'Сводка', '/station/s1/dashboard'],
      ['settings', 'Настройки станции', '/station/s1/settings'],
      ['profile', 'Профиль', '/profile'],
      ['support', 'Поддержка', support],
    ]);
    expect(items.find((i) => i.key === 'create')!.shortLabel).toBe('Запись');
  });

  it('puts the count of new orders on «Заказы» only', () => {
    const items = buildNavItems('s1', support, { canCreateOrder: true, newOrders: 3 });
    expect(items.filter((i) => i.badge).map((i) => [i.key, i.badge])).toEqual([['history', 3]]);
    expect(buildNavItems('s1', support).find((i) => i.key === 'history')!.badge).toBe(0);
  });

  it('keeps station sections in place but unusable until a station is selected', () => {
    const items = buildNavItems(null, support);
    expect(items.filter((i) => i.to === null).map((i) => i.key)).toEqual([
      'schedule',
      'history',
      'create',
      'dashboard',
      'settings',
    ]);
  });

  it('does not offer «Запись» to someone who may not create orders', () => {
    const items = buildNavItems('s1', support, { canCreateOrder: false });
    expect(items.map((i) => i.key)).not.toContain('create');
  });

  it('phone bar: Главная, Расписание, «Запись» in the middle, Заказы — settings go to «Ещё»', () => {
    expect(barItems(buildNavItems('s1', support)).map((i) => i.shortLabel)).toEqual([
      'Главная',
      'Расписание',
      'Запись',
      'Заказы',
    ]);
    expect(barItems(buildNavItems('s1', support, { canCreateOrder: false })).map((i) => i.key)).toEqual([
      'home',
      'schedule',
      'history',
      'dashboard',
    ]);
  });

  it('marks the section of the current address', () => {
    expect(activeNavKey('/')).toBe('home');
    expect(activeNavKey('/home')).toBe('home');
    expect(activeNavKey('/station/s1')).toBe('schedule');
    expect(activeNavKey('/station/s1', '?view=week&orderId=o1')).toBe('schedule');
    expect(activeNavKey('/station/s1', '?newOrder=1')).toBe('create');
    expect(activeNavKey('/station/s1/schedule')).toBe('schedule');
    expect(activeNavKey('/station/s1/settings')).toBe('settings');
    expect(activeNavKey('/station/s1/settings/schedule')).toBe('settings');
    expect(activeNavKey('/station/s1/dashboard')).toBe('dashboard');
    expect(activeNavKey('/station/s1/dashboard', '?orderId=o1&period=month')).toBe('dashboard');
    expect(activeNavKey('/dashboard')).toBe('dashboard');
    expect(activeNavKey('/station/s1/history')).toBe('history');
    expect(activeNavKey('/history')).toBe('history');
    expect(activeNavKey('/profile')).toBe('profile');
    expect(activeNavKey('/station/s1/tariffs')).toBeNull();
  });
});
