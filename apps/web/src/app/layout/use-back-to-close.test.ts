import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { isSheetEntry, useBackToClose } from './use-back-to-close';

afterEach(() => {
  cleanup();
  window.history.replaceState({ idx: 0 }, '');
});

describe('useBackToClose (the «Ещё» sheet and the system Back)', () => {
  it('adds one entry for the open sheet, keeping the router state', () => {
    window.history.replaceState({ idx: 3, key: 'k' }, '');
    const length = window.history.length;
    const { rerender } = renderHook(({ open }) => useBackToClose(open, () => {}), {
      initialProps: { open: true },
    });
    expect(window.history.length).toBe(length + 1);
    expect(window.history.state).toEqual({ idx: 3, key: 'k', crmSheet: true });
    // Re-rendered open (or mounted twice by StrictMode): still one entry.
    rerender({ open: true });
    expect(window.history.length).toBe(length + 1);
  });

  it('closes when Back leaves its entry', () => {
    const closed = vi.fn();
    renderHook(() => useBackToClose(true, closed));
    act(() => {
      window.history.replaceState({ idx: 0 }, '');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    });
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('closing by its button takes the entry back off; following a link leaves it to the link', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const closed = vi.fn();
    const { result } = renderHook(() => useBackToClose(true, closed));
    act(() => result.current.leave());
    expect(closed).toHaveBeenCalledTimes(1);
    expect(back).not.toHaveBeenCalled();
    act(() => result.current.close());
    expect(closed).toHaveBeenCalledTimes(2);
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
  });

  it('knows its own entries', () => {
    expect(isSheetEntry({ crmSheet: true })).toBe(true);
    expect(isSheetEntry({ idx: 1 })).toBe(false);
    expect(isSheetEntry(null)).toBe(false);
  });
});
