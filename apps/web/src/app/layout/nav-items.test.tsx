import { describe, expect, it } from 'vitest';
import { barItems } from './bottom-bar';
import type { Position, User } from '@crm/shared';
import { activeNavKey, buildNavItems } from './nav-items';
import { mayCreateOrders } from './use-shell-data';
import { swapStationInPath } from '../../lib/selected-station';

const member = (position: Position | null, role: User['role'] = 'user') => ({
  role,
  networks: position ? [{ id: 'n1', name: 'Сеть', position }] : [],
});
const stationOf = (networkId: string) => ({ id: 's1', station: { network_id: networkId } as never });

const support = 'https://t.me/support';

describe('navigation items', () => {
  it('offers Home, Расписание, «Слоты», «Заказы», «Запись», «Клиенты», «Сводка», settings, profile and support', () => {
    const items = buildNavItems('s1', support);
    expect(items.map((i) => [i.key, i.label, i.to])).toEqual([
      ['home', 'Главная', '/'],
      ['schedule', 'Расписание', '/station/s1'],
      ['slots', 'Слоты', '/station/s1/slots'],
      ['history', 'Заказы', '/station/s1/history'],
      ['create', 'Новая запись', '/station/s1?newOrder=1'],
      ['clients', 'Клиенты', '/clients'],
      ['dashboard', 'Сводка', '/station/s1/dashboard'],
      ['tariffs', 'Тарифы', '/station/s1/tariffs'],
      ['settings', 'Настройки станции', '/station/s1/settings'],
      ['profile', 'Профиль', '/profile'],
      ['support', 'Поддержка', support],
    ]);
    expect(items.find((i) => i.key === 'create')!.shortLabel).toBe('Запись');
  });

  it('gives the system admin «Партнёры» before the profile, and nobody else', () => {
    const admin = buildNavItems(null, support, { canCreateOrder: true, systemAdmin: true });
    const keys = admin.map((i) => i.key);
    expect(keys.indexOf('partners')).toBe(keys.indexOf('profile') - 1);
    expect(admin.find((i) => i.key === 'partners')!.to).toBe('/admin/partners');
    expect(buildNavItems('s1', support).some((i) => i.key === 'partners')).toBe(false);
    expect(activeNavKey('/admin/partners')).toBe('partners');
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
      'slots',
      'history',
      'create',
      'dashboard',
      'tariffs',
      'settings',
    ]);
    // Clients belong to the network: the page itself asks for a station (S2 §2 «Выберите станцию»).
    expect(items.find((i) => i.key === 'clients')!.to).toBe('/clients');
  });

  it('does not offer «Запись» or «Тарифы» to someone who may not create orders (a worker: no prices)', () => {
    const items = buildNavItems('s1', support, { canCreateOrder: false });
    expect(items.map((i) => i.key)).not.toContain('create');
    expect(items.map((i) => i.key)).not.toContain('tariffs');
    expect(buildNavItems('s1', support, { canCreateOrder: true }).map((i) => i.key)).toContain('tariffs');
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

  it('keeps the bar’s shape on /home with no station: «Запись» greyed, not replaced by «Сводка»', () => {
    const canCreate = mayCreateOrders(member('administrator'), null);
    expect(canCreate).toBe(true);
    const bar = barItems(buildNavItems(null, support, { canCreateOrder: canCreate }));
    expect(bar.map((i) => [i.shortLabel, i.to])).toEqual([
      ['Главная', '/'],
      ['Расписание', null],
      ['Запись', null],
      ['Заказы', null],
    ]);
    // The same four as on a station page.
    const onStation = barItems(
      buildNavItems('s1', support, {
        canCreateOrder: mayCreateOrders(member('administrator'), stationOf('n1')),
      }),
    );
    expect(onStation.map((i) => i.key)).toEqual(bar.map((i) => i.key));
  });

  it('gives «Сводка» the slot of «Запись» only to those who may not create orders anywhere', () => {
    expect(mayCreateOrders(member('worker'), null)).toBe(false);
    expect(mayCreateOrders(member(null), null)).toBe(false);
    expect(mayCreateOrders(member('owner'), null)).toBe(true);
    expect(mayCreateOrders(member('principal'), null)).toBe(true);
    expect(mayCreateOrders(member(null, 'admin'), null)).toBe(true);
    // With a station selected its own right counts: an owner elsewhere is not one here.
    expect(mayCreateOrders(member('owner'), stationOf('n2'))).toBe(false);
    expect(mayCreateOrders(member('worker'), stationOf('n1'))).toBe(false);
    const bar = barItems(buildNavItems(null, support, { canCreateOrder: false }));
    expect(bar.map((i) => [i.key, i.to])).toEqual([
      ['home', '/'],
      ['schedule', null],
      ['history', null],
      ['dashboard', null],
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
    expect(activeNavKey('/station/s1/tariffs', '?tab=yandex')).toBe('tariffs');
    expect(activeNavKey('/station/s1/history')).toBe('history');
    expect(activeNavKey('/station/s1/slots')).toBe('slots');
    expect(activeNavKey('/station/s1/slots', '?date=2026-11-27')).toBe('slots');
    expect(activeNavKey('/history')).toBe('history');
    expect(activeNavKey('/profile')).toBe('profile');
    expect(activeNavKey('/clients')).toBe('clients');
    expect(activeNavKey('/clients/d1', '?orderId=o1')).toBe('clients');
    expect(activeNavKey('/station/s1/clients')).toBeNull();
  });

  it('keeps the clients list when the station is switched there (clients follow the network)', () => {
    expect(swapStationInPath('/clients', 's2')).toBe('/clients');
    expect(swapStationInPath('/clients/d1', 's2')).toBe('/clients');
    expect(swapStationInPath('/station/s1/history', 's2')).toBe('/station/s2/history');
    expect(swapStationInPath('/station/s1/slots', 's2')).toBe('/station/s2/slots');
    expect(swapStationInPath('/profile', 's2')).toBe('/station/s2');
  });
});
