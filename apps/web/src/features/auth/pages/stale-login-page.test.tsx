import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { pageLocation } from '../../../lib/auth-redirect';
import { StaleLoginPage } from './stale-login-page';

describe('the app opened at /auth/yandex (an outdated service worker answered)', () => {
  const unregister = vi.fn(async () => true);

  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistrations: async () => [{ unregister }] },
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    unregister.mockClear();
  });

  it('unregisters the worker and loads the login page from the server, keeping the query', async () => {
    window.history.replaceState(null, '', '/auth/yandex?logout=true');
    const replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});
    render(<StaleLoginPage />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/yandex?logout=true'));
    expect(unregister).toHaveBeenCalledTimes(1);
  });

  it('does not loop: a second time in the tab it offers a link instead', () => {
    sessionStorage.setItem('crm.loginReloaded', '1');
    const replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});
    render(<StaleLoginPage />);
    expect(screen.getByRole('link', { name: 'Открыть страницу входа' })).toHaveAttribute(
      'href',
      '/auth/yandex',
    );
    expect(replace).not.toHaveBeenCalled();
  });
});
