import { describe, expect, it } from 'vitest';
import { testStation, testUser } from '../testing/render';
import { allowedSettingsPages, isSettingsPage, settingsMenuPages } from './settings-access';

describe('settings access', () => {
  it('keeps notifications out of the menu, not out of the list, for users without push', () => {
    const owner = testUser();
    expect(allowedSettingsPages(owner, testStation())).toContain('notifications');
    expect(settingsMenuPages(owner, testStation())).not.toContain('notifications');
    expect(settingsMenuPages({ ...owner, allow_push_notifications: true }, testStation())).toContain(
      'notifications',
    );
  });

  it('reads the position at the station’s own network', () => {
    const elsewhere = testUser({ networks: [{ id: 'n9', name: 'Другая сеть', position: 'owner' }] });
    expect(allowedSettingsPages(elsewhere, testStation())).not.toContain('pricing');
  });

  it('knows the sub-page names', () => {
    expect(isSettingsPage('legalInfo')).toBe(true);
    expect(isSettingsPage('legalinfo')).toBe(false);
    expect(isSettingsPage(undefined)).toBe(false);
  });
});
