import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@crm/shared';
import { pageLocation } from '../../lib/auth-redirect';
import { clearSession, getSessionUserId, setSessionUser } from '../../lib/session';
import { makeUser, mockFetch, renderRoutes } from '../../test/render';
import { AppLayout } from './app-layout';

const routes = [
  { Component: AppLayout, children: [{ path: '/', element: <div data-testid="page">home</div> }] },
];

describe('the user check without a network (issue 39)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
  });

  it('a network failure never logs out: it says so, and «Повторить» opens the page once the network is back', async () => {
    setSessionUser('u1');
    let network = false;
    mockFetch((url) => {
      if (!network) throw new TypeError('Failed to fetch');
      return url.startsWith('/api/user/u1')
        ? { status: 200, body: { user: makeUser(), redirect_to: null } }
        : { status: 204 };
    });
    const replace = vi.spyOn(pageLocation, 'replace').mockImplementation(() => {});
    renderRoutes(routes, '/');
    expect(
      await screen.findByRole('heading', { name: messages.generic.offline }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
    expect(getSessionUserId()).toBe('u1');

    network = true;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('page')).toHaveTextContent('home');
    expect(replace).not.toHaveBeenCalled();
  });
});
