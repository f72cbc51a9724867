import { describe, expect, it } from 'vitest';
import type { Position, User } from '@crm/shared';
import { canManageOrders } from './order-rights';

const member = (position: Position): Pick<User, 'role' | 'networks'> => ({
  role: 'user',
  networks: [{ id: 'n1', name: 'Демо-сеть', position }],
});
const station = { network_id: 'n1' };

describe('order rights', () => {
  it('lets administrator, principal and owner manage orders, not a worker', () => {
    expect(canManageOrders(member('administrator'), station)).toBe(true);
    expect(canManageOrders(member('principal'), station)).toBe(true);
    expect(canManageOrders(member('owner'), station)).toBe(true);
    expect(canManageOrders(member('worker'), station)).toBe(false);
  });

  it('refuses another network, an unknown user and, for a member, an unknown station', () => {
    expect(canManageOrders(member('owner'), { network_id: 'n2' })).toBe(false);
    expect(canManageOrders(undefined, station)).toBe(false);
    expect(canManageOrders(member('owner'), null)).toBe(false);
  });

  it('lets role admin manage orders anywhere', () => {
    expect(canManageOrders({ role: 'admin', networks: [] }, null)).toBe(true);
  });
});
