import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { makeOrder } from '../testing/fixtures';
import { FakeEventSource, serve, show } from '../testing/harness';

// A week without today (May 2026): the grid scrolls to its first order, 200 ms after it shows (S1 §2).
const WEEK = '/station/s1?view=week&date=2026-05-13';
const order = makeOrder('2026-05-13T16:00:00+07:00', '2026-05-13T16:30:00+07:00', { id: 'o1' });

/** The calendar, with every scrollTo recorded from the start (happy-dom does not lay out). */
function showCalendar() {
  const scrollTo = vi.spyOn(HTMLElement.prototype, 'scrollTo').mockImplementation(() => {});
  const api = serve({ orders: [order] });
  show(WEEK, { user: api.user });
  return scrollTo;
}

beforeEach(() => {
  localStorage.clear();
  setSessionUser('u1');
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the calendar scrolls itself to the day’s work once', () => {
  it('to the first order when nobody has touched the grid yet', async () => {
    const scrollTo = showCalendar();
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
  });

  it('not when the person pressed, wheeled or scrolled it first: a tap must land where it was aimed', async () => {
    const scrollTo = showCalendar();
    // Within the grid's first 200 ms, before it scrolls itself.
    const scroller = await waitFor(() => document.querySelector<HTMLElement>('.tg__scroll')!);
    fireEvent.pointerDown(scroller);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
