import { useCallback, useEffect, useRef } from 'react';

/** The mark of the history entry an open sheet adds (kept beside the router's own state). */
const SHEET_KEY = 'crmSheet';

export function isSheetEntry(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[SHEET_KEY] === true
  );
}

/**
 * A phone sheet that the system's Back closes (issue 38): opening it adds a history entry for the same
 * address (the router's state kept, so the router sees no change); Back pops it and closes the sheet.
 * `close()` — the button, a swipe, Escape — closes it and takes its entry back off, so the next Back goes
 * to the previous page instead of doing nothing. `leave()` is for a link in the sheet: the link replaces the
 * sheet's entry (`replace`), so nothing is to be taken off.
 */
export function useBackToClose(open: boolean, setClosed: () => void): { close(): void; leave(): void } {
  const closedRef = useRef(setClosed);
  closedRef.current = setClosed;

  useEffect(() => {
    if (!open) return;
    if (!isSheetEntry(window.history.state)) {
      window.history.pushState({ ...(window.history.state as object | null), [SHEET_KEY]: true }, '');
    }
    const onPop = () => {
      if (!isSheetEntry(window.history.state)) closedRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [open]);

  const close = useCallback(() => {
    closedRef.current();
    if (isSheetEntry(window.history.state)) window.history.back();
  }, []);
  const leave = useCallback(() => closedRef.current(), []);
  return { close, leave };
}
