import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { modalWindowOpen } from './arrival-queue';

/**
 * How long after a page starts the work its first screen does not need begins: code that loads by itself
 * (the push prompt, the service worker's registration, the feedback engines). On a phone's slow network
 * every byte that arrives before the first screen's largest paint delays it; Lighthouse measured the push
 * prompt's 3 KB landing just before the new-orders window added 0.15 s to the calendar's LCP (issue 15).
 */
export const AFTER_PAGE_MS = 2000;

/** Whether the page has been up for AFTER_PAGE_MS, counted from its start (a query's `enabled`). */
export const pageIsUp = (): boolean => performance.now() >= AFTER_PAGE_MS;

/** Runs `run` once the page has been up for AFTER_PAGE_MS (at once if it has); returns the cancel. */
export function whenPageUp(run: () => void): () => void {
  const timer = setTimeout(run, Math.max(0, AFTER_PAGE_MS - performance.now()));
  return () => clearTimeout(timer);
}

/**
 * Renders `children` once the page has been up for AFTER_PAGE_MS, and from then on. As a transition: React
 * renders what arrives in slices of a few ms with the browser let in between, where a timer's update was
 * one task (issue 40).
 */
export function AfterPage({ children }: { children: ReactNode }) {
  const [up, setUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setUp(true)), AFTER_PAGE_MS);
    return () => clearTimeout(timer);
  }, []);
  return up ? children : null;
}

/** How often a covered page looks again whether its window has closed (a check of a few hundred elements). */
export const WINDOW_RECHECK_MS = 250;

/**
 * Runs `run` once the page is free for work nobody waits for: up for AFTER_PAGE_MS, no window covering it
 * (the new-orders window blocks work until its orders are answered: nothing under it can be tapped, and a
 * long task then would delay its «Принять»), and the browser idle (Safari, without requestIdleCallback: at
 * once). Returns the cancel.
 */
export function whenPageFree(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const attempt = () => {
    if (modalWindowOpen()) timer = setTimeout(attempt, WINDOW_RECHECK_MS);
    else if ('requestIdleCallback' in window) idle = requestIdleCallback(run, { timeout: 4000 });
    else run();
  };
  timer = setTimeout(attempt, AFTER_PAGE_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
