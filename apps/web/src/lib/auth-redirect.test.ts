import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearPendingStationAdminCallback,
  getPendingStationAdminCallback,
  resolvePostLoginPath,
  setPendingStationAdminCallback,
} from './auth-redirect';

describe('pending invitation link', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the station id and the token for this tab until cleared', () => {
    expect(getPendingStationAdminCallback()).toBeNull();
    setPendingStationAdminCallback('s1', 'tok');
    expect(getPendingStationAdminCallback()).toEqual({ stationId: 's1', token: 'tok' });
    clearPendingStationAdminCallback();
    expect(getPendingStationAdminCallback()).toBeNull();
  });

  it('reads a bare station id stored before links had tokens, and ignores junk', () => {
    sessionStorage.setItem('crm.pendingStationAdminCallback', 's1');
    expect(getPendingStationAdminCallback()).toEqual({ stationId: 's1', token: null });
    sessionStorage.setItem('crm.pendingStationAdminCallback', '{"token":"x"}');
    expect(getPendingStationAdminCallback()).toBeNull();
  });
});

describe('resolvePostLoginPath', () => {
  const base = { redirectTo: null, savedPath: null, pendingStationAdmin: null };

  it('returns to the invitation link with its token in the fragment', () => {
    expect(resolvePostLoginPath({ ...base, pendingStationAdmin: { stationId: 's 1', token: 'a-b_c' } })).toBe(
      '/stationAdminCallback/s%201#invite=a-b_c',
    );
    expect(resolvePostLoginPath({ ...base, pendingStationAdmin: { stationId: 's1', token: null } })).toBe(
      '/stationAdminCallback/s1',
    );
  });

  it('puts the wizard and a saved path first, and goes home otherwise', () => {
    const pending = { stationId: 's1', token: 't' };
    expect(resolvePostLoginPath({ ...base, redirectTo: 'wizard', pendingStationAdmin: pending })).toBe(
      '/wizard',
    );
    expect(resolvePostLoginPath({ ...base, savedPath: '/profile', pendingStationAdmin: pending })).toBe(
      '/profile',
    );
    expect(resolvePostLoginPath(base)).toBe('/');
  });
});
