import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CrmData } from '@crm/shared';
import { clearSession, setSessionUser } from '../../../lib/session';
import { crmDataQuery, hasSeenTutorial, useCrmData } from './crm-data';

// Issue 40: the push prompt writes its session count into the CRM data after every arrival; a component
// that asks for another part of it must not re-render (the whole shell did: ≈ 65 ms at 4× CPU).
describe('useCrmData', () => {
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it('re-renders a component only when the part it picked changes', async () => {
    setSessionUser('u1');
    const queryClient = new QueryClient();
    const key = crmDataQuery('u1').queryKey;
    queryClient.setQueryData<CrmData>(key, { hasSeenTutorial: false });
    let renders = 0;
    function Tour() {
      renders++;
      const seen = useCrmData(hasSeenTutorial);
      return <p>{seen === undefined ? 'loading' : seen ? 'seen' : 'due'}</p>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Tour />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('due')).toBeInTheDocument();
    const settled = renders;

    await act(async () => {
      queryClient.setQueryData<CrmData>(key, (old) => ({
        ...old,
        pushNotifications: { userJourney: { sessionsCount: 2 } },
      }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(renders).toBe(settled);

    await act(async () => {
      queryClient.setQueryData<CrmData>(key, (old) => ({ ...old, hasSeenTutorial: true }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText('seen')).toBeInTheDocument();
    expect(renders).toBe(settled + 1);
  });
});
