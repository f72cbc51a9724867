import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * What may cover the screen when someone arrives, first to last (issue 10): the blocking «Новые заказы
 * ждут ответа» (work waits on it), the welcome greeting, the first-visit tour, the cookie banner, and later
 * the push prompt (issue 38: it waits for the cookie banner rather than stacking on it), last the offer to
 * install the app on a phone (issue 39). Exactly
 * one is shown at a time: each shows only while nothing before it wants the screen or is still finding out
 * whether it does (the new orders of the station being opened are still loading). The order is decided
 * here, by who is waiting, instead of by timers racing each other.
 */
export const arrivalOrder = ['new-orders', 'greeting', 'tour', 'cookies', 'push', 'install'] as const;
export type ArrivalKind = (typeof arrivalOrder)[number];

/**
 * The kinds that never show over a window (issue 38: the push prompt popped up over the invitation dialog):
 * while any modal window is open — antd's Modal and Drawer, the «Ещё» sheet — they wait, and come back
 * once it is closed. The new-orders window and the greeting are themselves what covers the screen.
 */
const waitsForWindows: ReadonlySet<ArrivalKind> = new Set(['tour', 'cookies', 'push', 'install']);

/** Whether a modal window is on the screen (an open, visible `aria-modal` element). */
export function modalWindowOpen(root: ParentNode = document): boolean {
  // A closed antd window stays in the document, hidden (display: none). checkVisibility() is the browser's
  // answer; without it (a test's DOM) an inline display: none or `hidden` up the tree hides it.
  return [...root.querySelectorAll('[aria-modal="true"]')].some((el) =>
    el.checkVisibility ? el.checkVisibility() : !el.closest('[hidden],[style*="display: none"]'),
  );
}

type Claim = { kind: ArrivalKind; state: 'wants' | 'deciding' };

const claims = new Map<symbol, Claim>();
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const rank = (kind: ArrivalKind) => arrivalOrder.indexOf(kind);

/**
 * Whether `kind` has the screen now: it wants it, and nothing earlier wants it or is deciding. A later kind
 * waits for its own claim to be in place, so that it never mounts for one commit under an earlier claim made
 * in the same commit. The first kind has nothing before it: its wish is its turn, known in the render that
 * wants it, so the blocking window is part of the page's first commit, not a second render after it.
 */
function hasTurn(kind: ArrivalKind, wants: boolean): boolean {
  if (!wants) return false;
  if (windowOpen && waitsForWindows.has(kind)) return false;
  let claimed = rank(kind) === 0;
  for (const claim of claims.values()) {
    if (rank(claim.kind) < rank(kind)) return false;
    if (claim.kind === kind && claim.state === 'wants') claimed = true;
  }
  return claimed;
}

/*
 * Open windows, watched only while a kind that waits for them wants the screen: a mutation observer on the
 * document (antd shows and hides its windows by style and class) that re-reads modalWindowOpen().
 */
let windowOpen = false;
let watchers = 0;
let observer: MutationObserver | null = null;

function recheckWindows() {
  const open = modalWindowOpen();
  if (open === windowOpen) return;
  windowOpen = open;
  changed();
}

function watchWindows(): () => void {
  watchers += 1;
  if (watchers === 1 && typeof MutationObserver !== 'undefined') {
    observer = new MutationObserver(recheckWindows);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'class', 'hidden', 'aria-modal'],
    });
    windowOpen = modalWindowOpen();
  }
  return () => {
    watchers -= 1;
    if (watchers > 0) return;
    observer?.disconnect();
    observer = null;
    windowOpen = false;
  };
}

// A layout effect: a claim made in the same commit as another's release is in place before anything
// paints, so the next in line never flashes up for a frame.
function useClaim(kind: ArrivalKind, state: Claim['state'] | null) {
  useLayoutEffect(() => {
    if (!state) return;
    const id = Symbol(kind);
    const unwatch = state === 'wants' && waitsForWindows.has(kind) ? watchWindows() : null;
    claims.set(id, { kind, state });
    changed();
    return () => {
      unwatch?.();
      claims.delete(id);
      changed();
    };
  }, [kind, state]);
}

/** `wants`: this overlay would show now. Answers whether it is its turn. */
export function useArrivalTurn(kind: ArrivalKind, wants: boolean): boolean {
  useClaim(kind, wants ? 'wants' : null);
  // The answer itself is the snapshot: a change of claims that leaves it as it was re-renders nothing
  // (every claim made on arrival would otherwise re-render the whole shell at once, issue 15).
  return useSyncExternalStore(subscribe, () => hasTurn(kind, wants));
}

/**
 * Whether an overlay of `kind` wants the screen now, its turn or not: read live (as it stands after the
 * layout effects of the commit being made) or through useArrivalWanted.
 */
export function arrivalWanted(kind: ArrivalKind): boolean {
  for (const claim of claims.values()) if (claim.kind === kind && claim.state === 'wants') return true;
  return false;
}

export function useArrivalWanted(kind: ArrivalKind): boolean {
  return useSyncExternalStore(subscribe, () => arrivalWanted(kind));
}

/** Holds everything after `kind` back while it is `deciding` whether it wants the screen. */
export function useArrivalHold(kind: ArrivalKind, deciding: boolean): void {
  useClaim(kind, deciding ? 'deciding' : null);
}
