import { useSyncExternalStore } from 'react';

/** Breakpoints of S1 §1: mobile < 768 px, desktop ≥ 1024 px; between them is the tablet. */
export const breakpoints = { tablet: 768, desktop: 1024 } as const;

/**
 * One MediaQueryList per query (and window): React reads the snapshot at every render of every component
 * that asks (25 of them, twice each for the viewport), and a new list is a parse and an evaluation — on a
 * page being built, ≈ 30 µs each, where reading a kept list's `matches` is ≈ 1 µs (issue 40).
 */
const lists = new WeakMap<Window, Map<string, MediaQueryList>>();
function mediaList(query: string): MediaQueryList {
  let byQuery = lists.get(window);
  if (!byQuery) lists.set(window, (byQuery = new Map()));
  let list = byQuery.get(query);
  if (!list) byQuery.set(query, (list = window.matchMedia(query)));
  return list;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => mediaList(query).matches,
  );
}

/** The device asks for less motion (iOS «Уменьшение движения», Android «Отключить анимацию»). */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');

export type Viewport = 'mobile' | 'tablet' | 'desktop';

export function useViewport(): Viewport {
  const desktop = useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
  const tablet = useMediaQuery(`(min-width: ${breakpoints.tablet}px)`);
  return desktop ? 'desktop' : tablet ? 'tablet' : 'mobile';
}

/** The same answer outside React, read once: for a load started before the page renders. */
export function currentViewport(): Viewport {
  const atLeast = (width: number) => window.matchMedia(`(min-width: ${width}px)`).matches;
  return atLeast(breakpoints.desktop) ? 'desktop' : atLeast(breakpoints.tablet) ? 'tablet' : 'mobile';
}
