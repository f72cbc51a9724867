import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookiesUnanswered, hasSeenTutorial, useCrmData } from '../../features/users/api/crm-data';
import { AFTER_PAGE_MS } from '../../lib/after-page';
import { product } from '../../lib/product';
import { clearSession, setSessionUser } from '../../lib/session';
import { mockFetch } from '../../test/render';
import { useShellReadsOncePageUp, useSupportUrl } from './use-shell-data';

/** The shell's reads as ShellFrame makes them. */
function useShellReads() {
  useShellReadsOncePageUp();
  return {
    supportUrl: useSupportUrl(),
    tutorialSeen: useCrmData(hasSeenTutorial, { oncePageUp: true }),
    cookiesUndecided: useCrmData(cookiesUnanswered, { oncePageUp: true }),
  };
}

// Issue 40: sent with the page, these two reads were the last requests before the first screen's largest paint.
describe("the shell's reads no first screen shows", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    clearSession();
  });

  it('are sent once the page is up, and then fill the shell', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let now = 300;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    setSessionUser('u1');
    const calls = mockFetch((url) => {
      if (url === '/api/auth/config')
        return { status: 200, body: { supportUrl: 'https://t.me/our_support' } };
      if (url === '/api/user/get_crm_data/u1')
        return { status: 200, body: { crm_data: { hasSeenTutorial: false } } };
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(useShellReads, { wrapper });

    rerender();
    await act(() => vi.advanceTimersByTimeAsync(AFTER_PAGE_MS - 300 - 1));
    expect(calls.map((call) => call.url)).toEqual([]);
    expect(result.current).toEqual({
      supportUrl: product.defaultSupportUrl,
      tutorialSeen: undefined,
      cookiesUndecided: undefined,
    });

    now = AFTER_PAGE_MS;
    await act(() => vi.advanceTimersByTimeAsync(1));
    await waitFor(() =>
      expect(result.current).toEqual({
        supportUrl: 'https://t.me/our_support',
        tutorialSeen: false,
        cookiesUndecided: true,
      }),
    );
    expect(calls.map((call) => call.url).sort()).toEqual(['/api/auth/config', '/api/user/get_crm_data/u1']);
  });
});
