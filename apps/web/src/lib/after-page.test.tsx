import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAGE_MS, AfterPage } from './after-page';

describe('AfterPage', () => {
  afterEach(() => vi.useRealTimers());

  it('renders its children only once the page has been up for a while, and keeps them', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <AfterPage>
        <p>позже</p>
      </AfterPage>,
    );
    act(() => vi.advanceTimersByTime(AFTER_PAGE_MS - 1));
    expect(screen.queryByText('позже')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('позже')).toBeTruthy();
    rerender(
      <AfterPage>
        <p>позже</p>
      </AfterPage>,
    );
    expect(screen.getByText('позже')).toBeTruthy();
  });

  it('starts nothing after it has left the page', () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <AfterPage>
        <p>позже</p>
      </AfterPage>,
    );
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
