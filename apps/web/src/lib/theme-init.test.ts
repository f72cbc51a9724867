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
    vi.unstubAllGlobals();
  });

  it('puts the chosen theme and accent on the page', () => {
    localStorage.setItem('crm.theme', 'dark');
    localStorage.setItem('crm.accent', 'teal');
    runThemeInit();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.accent).toBe('teal');
  });

  it('starts the locale data’s worker for a signed-in visitor, so the app’s first formatter is cheap', () => {
    const worker = vi.fn();
    vi.stubGlobal('Worker', worker);
    localStorage.setItem('crm.session', JSON.stringify({ userId: 'u', expiresAt: Date.now() + 60_000 }));
    runThemeInit();
    expect(worker).toHaveBeenCalledExactlyOnceWith('/intl-warmup.js');
  });

  it('leaves a signed-out visitor (the login page) without it', () => {
    const worker = vi.fn();
    vi.stubGlobal('Worker', worker);
    runThemeInit();
    expect(worker).not.toHaveBeenCalled();
  });

  it('sets the theme where no worker can start', () => {
    vi.stubGlobal(
      'Worker',
      vi.fn(() => {
        throw new DOMException('refused', 'SecurityError');
      }),
    );
    localStorage.setItem('crm.session', JSON.stringify({ userId: 'u', expiresAt: Date.now() + 60_000 }));
    localStorage.setItem('crm.theme', 'dark');
    expect(runThemeInit).not.toThrow();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

describe('intl-warmup.js', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes a Russian date and number formatter, then ends its worker', () => {
    const dates = spyOnFormat();
    const close = vi.fn();
    new Function('close', readFileSync(join(__dirname, '../../public/intl-warmup.js'), 'utf8'))(close);
    expect(dates).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalledOnce();
  });
});
