import { describe, expect, it } from 'vitest';
import { isSignedInPage, matchPage } from './router';

describe('isSignedInPage (main.tsx sends a visitor without a session there to the login page at once)', () => {
  it.each([
    '/',
    '/home',
    '/profile',
    '/wizard',
    '/clients/42',
    '/station/abc',
    '/station/abc/dashboard',
    // S1 §2 route list (issue 39): the selected station's pages and the developer pages.
    '/settings',
    '/slots',
    '/tariffs/additionalServices',
    '/employees',
    '/theme',
    '/error-test',
  ])('%s is in the signed-in area', (path) => expect(isSignedInPage(matchPage(path))).toBe(true));

  it.each([
    '/auth/callback',
    '/registration/callback',
    '/logout',
    '/install-app',
    '/stationAdminCallback/abc',
  ])('%s works signed out', (path) => expect(isSignedInPage(matchPage(path))).toBe(false));

  it('leaves an unknown path to the not-found page, signed in or out', () => {
    expect(isSignedInPage(matchPage('/no-such-page'))).toBe(false);
  });
});
