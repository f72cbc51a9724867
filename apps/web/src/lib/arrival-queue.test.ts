import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useArrivalHold, useArrivalTurn } from './arrival-queue';

afterEach(cleanup);

/** Every overlay at once, each wanting the screen or not as `props` say. */
function useArrival(props: {
  orders: boolean;
  deciding: boolean;
  greeting: boolean;
  tour: boolean;
  cookies: boolean;
}) {
  useArrivalHold('new-orders', props.deciding);
  return {
    orders: useArrivalTurn('new-orders', props.orders),
    greeting: useArrivalTurn('greeting', props.greeting),
    tour: useArrivalTurn('tour', props.tour),
    cookies: useArrivalTurn('cookies', props.cookies),
  };
}

describe('arrival queue', () => {
  it('shows one overlay at a time: new orders, then greeting, tour, cookies', () => {
    const all = { orders: true, deciding: false, greeting: true, tour: true, cookies: true };
    const { result, rerender } = renderHook(useArrival, { initialProps: all });
    expect(result.current).toEqual({ orders: true, greeting: false, tour: false, cookies: false });
    rerender({ ...all, orders: false });
    expect(result.current).toEqual({ orders: false, greeting: true, tour: false, cookies: false });
    rerender({ ...all, orders: false, greeting: false });
    expect(result.current).toEqual({ orders: false, greeting: false, tour: true, cookies: false });
    rerender({ ...all, orders: false, greeting: false, tour: false });
    expect(result.current).toEqual({ orders: false, greeting: false, tour: false, cookies: true });
  });

  it('holds the greeting back while the new orders are still loading, and lets it go when there are none', () => {
    const props = { orders: false, deciding: true, greeting: true, tour: false, cookies: true };
    const { result, rerender } = renderHook(useArrival, { initialProps: props });
    expect(result.current.greeting).toBe(false);
    expect(result.current.cookies).toBe(false);
    rerender({ ...props, deciding: false });
    expect(result.current).toEqual({ orders: false, greeting: true, tour: false, cookies: false });
  });

  it('gives the screen back to an earlier overlay that comes later (an order arrives during the tour)', () => {
    const props = { orders: false, deciding: false, greeting: false, tour: true, cookies: false };
    const { result, rerender } = renderHook(useArrival, { initialProps: props });
    expect(result.current.tour).toBe(true);
    rerender({ ...props, orders: true });
    expect(result.current).toEqual({ orders: true, greeting: false, tour: false, cookies: false });
  });

  it('forgets the claims of overlays that are gone', () => {
    const first = renderHook(() => useArrivalTurn('new-orders', true));
    const later = renderHook(() => useArrivalTurn('cookies', true));
    expect(later.result.current).toBe(false);
    act(() => first.unmount());
    expect(later.result.current).toBe(true);
  });

  it('gives the blocking window its turn in the very render that wants it', () => {
    const seen: boolean[] = [];
    renderHook(() => {
      const turn = useArrivalTurn('new-orders', true);
      seen.push(turn);
      return turn;
    });
    // No second render after the claim: the window is in the first commit.
    expect(seen).toEqual([true]);
  });

  it('re-renders nobody whose answer a new claim leaves as it was', () => {
    let shellRenders = 0;
    renderHook(() => {
      shellRenders += 1;
      return useArrivalTurn('greeting', false);
    });
    const before = shellRenders;
    const orders = renderHook(() => useArrivalTurn('new-orders', true));
    act(() => orders.unmount());
    expect(shellRenders).toBe(before);
  });
});
