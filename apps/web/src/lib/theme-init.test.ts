import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** theme-init.js, the blocking script the pages run before the first paint (written into them by the build). */
// `format` is a getter in the browsers (and jsdom's Node); TypeScript's lib types it as a method.
const spyOnFormat = () =>
  vi.spyOn(Intl.DateTimeFormat.prototype as { readonly format: unknown }, 'format', 'get');

const runThemeInit = () =>
  new Function(readFileSync(join(__dirname, '../../theme-init.js'), 'utf8'))() as void;

describe('theme-init.js', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('puts the chosen theme and accent on the page', () => {
    localStorage.setItem('crm.theme', 'dark');
    localStorage.setItem('crm.accent', 'teal');
    runThemeInit();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.accent).toBe('teal');
  });

  it('makes the first date formatter for a signed-in visitor, so the app’s first screen does not', () => {
    const made = spyOnFormat();
    localStorage.setItem('crm.session', JSON.stringify({ userId: 'u', expiresAt: Date.now() + 60_000 }));
    runThemeInit();
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('leaves a signed-out visitor (the login page) without it', () => {
    const made = spyOnFormat();
    runThemeInit();
    expect(made).not.toHaveBeenCalled();
  });
});
