import { useSyncExternalStore } from 'react';

/** Breakpoints of S1 §1: mobile < 768 px, desktop ≥ 1024 px; between them is the tablet. */
export const breakpoints = { tablet: 768, desktop: 1024 } as const;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

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
