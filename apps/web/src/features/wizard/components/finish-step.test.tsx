import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { apiError, mockApi, renderRoutes, testStation, testUser } from '../../stations/testing/render';
import { FinishStep, wizardMessages } from './finish-step';

const station = testStation({ awaiting_setup: true });
const routes = (user = testUser({ role: 'wizard' })) => [
  { path: '/wizard', element: <FinishStep station={station} user={user} onBack={() => {}} /> },
  { path: '/', element: <p>главная</p> },
];

describe('FinishStep', () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('finishes the setup, refetches the user and goes home', async () => {
    const api = mockApi({
      'POST /api/wizard/finish/s1': () => ({ user: testUser() }),
      'GET /api/user/u1': () => ({ user: testUser(), redirect_to: null }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const { router } = renderRoutes(routes(), '/wizard');
    fireEvent.click(screen.getByRole('button', { name: 'Завершить настройку' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.some((c) => c.key === 'POST /api/wizard/finish/s1')).toBe(true);
    expect(await screen.findByText(wizardMessages.finished)).toBeInTheDocument();
  });

  it('keeps the user on the step with the spec text when finishing fails', async () => {
    vi.stubGlobal(
      'fetch',
      mockApi({ 'POST /api/wizard/finish/s1': () => apiError(403, 'Недостаточно прав') }).fetchMock,
    );
    const { router } = renderRoutes(routes(), '/wizard');
    fireEvent.click(screen.getByRole('button', { name: 'Завершить настройку' }));
    expect(await screen.findByText(wizardMessages.finishFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/wizard');
  });
});
