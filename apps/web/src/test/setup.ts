import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

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
