import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * How long after a page starts the work its first screen does not need begins: code that loads by itself
 * (the push prompt, the service worker's registration, the feedback engines). On a phone's slow network
 * every byte that arrives before the first screen's largest paint delays it; Lighthouse measured the push
 * prompt's 3 KB landing just before the new-orders window added 0.15 s to the calendar's LCP (issue 15).
 */
export const AFTER_PAGE_MS = 2000;

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
