import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAGE_MS, AfterPage, whenPageFree, WINDOW_RECHECK_MS } from './after-page';

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

describe('whenPageFree', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('waits for the page to be up, then runs', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenPageFree(run);
    vi.advanceTimersByTime(AFTER_PAGE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits while a window covers the page, and runs once it has closed', () => {
    vi.useFakeTimers();
    const window = document.createElement('div');
    window.setAttribute('aria-modal', 'true');
    document.body.append(window);
    const run = vi.fn();
    whenPageFree(run);
    vi.advanceTimersByTime(AFTER_PAGE_MS + 10 * WINDOW_RECHECK_MS);
    expect(run).not.toHaveBeenCalled();
    window.remove();
    vi.advanceTimersByTime(WINDOW_RECHECK_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    whenPageFree(run)();
    vi.advanceTimersByTime(AFTER_PAGE_MS * 2);
    expect(run).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
