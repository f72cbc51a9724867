import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import * as React from 'react';
import { preloadFeedback } from '../lib/feedback';

// CI machines have 2 shared cores and antd validates asynchronously: 1 s (the default) is too tight for
// findBy*/waitFor there, while a real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// happy-dom lays nothing out and its IntersectionObserver never reports: here every observed element is on
// screen at once, as on a desktop where everything fits (lib/use-near-viewport.ts).
window.IntersectionObserver = class {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as never),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;

// antd and its icons write ≈ 440 KB of CSS-in-JS into <head> (40 <style> elements), and happy-dom matches
// every rule of it against the element and its ancestors on each getComputedStyle, which Testing
// Library calls for every candidate of every *ByRole query, and antd's popups for alignment: a third of
// the suite's CPU. Nothing here lays out or paints, and no test reads a style antd writes, so its sheets
// go to a detached element (rc-util puts them in `document.querySelector('head')`). Elements antd hides
// are hidden by inline style or by not being mounted (no-motion.ts), which queries still see.
const styleSink = document.createElement('div');
const querySelector = document.querySelector.bind(document);
document.querySelector = ((selectors: string) =>
  selectors === 'head' ? styleSink : querySelector(selectors)) as typeof document.querySelector;

// React 19's development build captures a stack trace (`new Error`) and a console task for every element
// it creates, to name the owner in its warnings: with antd's deep trees that was a fifth of the suite's
// CPU. The counter React keeps to cap that work per render is pinned above its cap, so elements take the
// shared "unknown owner" stack. Warnings still print, only without the owner's stack.
const reactInternals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (typeof reactInternals?.recentlyCreatedOwnerStacks === 'number') {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => 1e9, set: () => {} });
}

// antd reads matchMedia for responsive grids (STACK trap 7).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Messages and confirmations load apart in the app, a moment after the page (lib/feedback.tsx). Here they
// are ready from the first render, as in the browser by the time someone acts: a test's first message does
// not wait for antd's message, notification and modal code to be transformed.
await preloadFeedback();
