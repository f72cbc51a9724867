import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export interface Preloadable<P> {
  /** Renders the placeholder until the module has loaded, then its component; a failed download goes to the error boundary. */
  Component: ComponentType<P>;
  /** Starts (or joins) the download; a mount after it has settled renders the component at once. */
  preload(): Promise<unknown>;
  /** Whether the code is there: a mount now renders the component in its first commit. */
  isLoaded(): boolean;
}

/**
 * A component whose code loads apart from the page, without Suspense. `React.lazy` suspends on its first
 * render even when a prefetch has already downloaded the module, and React holds a boundary's reveal back
 * until 300 ms after the last fallback it showed: the new-orders window painted 0.1–0.6 s after its data
 * and code were there (issue 15). Here a mount renders nothing while the module loads and the component as
 * soon as it has, in the same commit as anything else.
 *
 * For what a prefetch readies and for windows a click opens (a hold after the click is latency, and their
 * fallback is nothing). Parts that show a skeleton while loading on arrival (charts, the period picker, the
 * map) stay `lazy`: there the hold batches reveals instead of flickering them in one by one.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  placeholder: ReactNode = null,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined; // a failed download (offline) may be tried again
        throw error;
      },
    ));

  function Component(props: P) {
    const [Loaded, setLoaded] = useState(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      preload().then(
        (component) => live && setLoaded(() => component),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : placeholder;
  }
  return { Component, preload, isLoaded: () => loaded !== undefined };
}

/**
 * A window whose code loads the first time it opens: nothing of it is in the page's first load. Once loaded
 * it stays mounted, so it closes with its animation like any other window.
 */
export function loadedOnFirstOpen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const { Component } = preloadable(load);
  return function OpenedOnce(props: P) {
    const [wanted, setWanted] = useState(false);
    if (isOpen(props) && !wanted) setWanted(true);
    return wanted ? <Component {...props} /> : null;
  };
}
