import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import {
  arrivalWanted,
  modalWindowOpen,
  useArrivalHold,
  useArrivalTurn,
  useArrivalWanted,
} from './arrival-queue';

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

  it('tells whether a kind wants the screen, its turn or not; deciding is not wanting', () => {
    const watcher = renderHook(() => useArrivalWanted('new-orders'));
    const deciding = renderHook(() => useArrivalHold('new-orders', true));
    expect(watcher.result.current).toBe(false);
    const cookies = renderHook(() => useArrivalTurn('cookies', true));
    expect(arrivalWanted('cookies')).toBe(true);
    const orders = renderHook(({ wants }) => useArrivalTurn('new-orders', wants), {
      initialProps: { wants: true },
    });
    expect(watcher.result.current).toBe(true);
    expect(arrivalWanted('new-orders')).toBe(true);
    orders.rerender({ wants: false });
    expect(watcher.result.current).toBe(false);
    expect(arrivalWanted('new-orders')).toBe(false);
    for (const hook of [deciding, cookies, orders]) act(() => hook.unmount());
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

  it('asks for push only after the cookie banner, never beside it', () => {
    const cookies = renderHook(() => useArrivalTurn('cookies', true));
    const push = renderHook(() => useArrivalTurn('push', true));
    expect(cookies.result.current).toBe(true);
    expect(push.result.current).toBe(false);
    act(() => cookies.unmount());
    expect(push.result.current).toBe(true);
  });

  it('offers installing the app last: never beside the new-orders window or the push prompt (issue 39)', () => {
    const orders = renderHook(() => useArrivalTurn('new-orders', true));
    const push = renderHook(() => useArrivalTurn('push', true));
    const install = renderHook(() => useArrivalTurn('install', true));
    expect(orders.result.current).toBe(true);
    expect(install.result.current).toBe(false);
    act(() => orders.unmount());
    expect(push.result.current).toBe(true);
    expect(install.result.current).toBe(false);
    act(() => push.unmount());
    expect(install.result.current).toBe(true);
    install.unmount();
  });

  it('keeps the tour, the cookie banner and the push prompt off an open window, and gives it back after', async () => {
    // A window (antd's Modal, the «Ещё» sheet) on the screen: a visible aria-modal element.
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.textContent = 'Ссылка-приглашение';
    document.body.append(dialog);
    const push = renderHook(() => useArrivalTurn('push', true));
    const orders = renderHook(() => useArrivalTurn('new-orders', true));
    expect(push.result.current).toBe(false);
    // The blocking window itself is one: it is not held back by others.
    expect(orders.result.current).toBe(true);
    orders.unmount();
    expect(push.result.current).toBe(false);

    // Closed (antd hides its windows rather than removing them): the prompt comes up.
    await act(async () => {
      dialog.style.display = 'none';
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(push.result.current).toBe(true);
    // Opened again: it steps back.
    await act(async () => {
      dialog.style.display = '';
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(push.result.current).toBe(false);
    dialog.remove();
  });

  it('tells an open window from a hidden one', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div aria-modal="true" style="display:none">закрыто</div><div role="dialog">карточка</div>';
    document.body.append(root);
    expect(modalWindowOpen(root)).toBe(false);
    root.insertAdjacentHTML('beforeend', '<div aria-modal="true">открыто</div>');
    expect(modalWindowOpen(root)).toBe(true);
    root.remove();
  });
});
