import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useNearViewport } from './use-near-viewport';

/** An observer the test moves: `report(true)` says the element came near the screen. */
function controllableObserver() {
  const observed: Element[] = [];
  let callback: IntersectionObserverCallback = () => {};
  let disconnected = false;
  const Observer = class {
    constructor(cb: IntersectionObserverCallback) {
      callback = cb;
    }
    observe(target: Element) {
      observed.push(target);
    }
    unobserve() {}
    disconnect() {
      disconnected = true;
    }
    takeRecords() {
      return [];
    }
  };
  return {
    Observer: Observer as unknown as typeof IntersectionObserver,
    observed,
    isDisconnected: () => disconnected,
    report: (isIntersecting: boolean) =>
      act(() =>
        callback(
          observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        ),
      ),
  };
}

function Heavy() {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'графики' : 'место для графиков'}</div>;
}

const original = window.IntersectionObserver;
afterEach(() => {
  window.IntersectionObserver = original;
});

describe('useNearViewport', () => {
  it('renders the heavy part only once it comes near the screen, and keeps it', () => {
    const observer = controllableObserver();
    window.IntersectionObserver = observer.Observer;
    render(<Heavy />);
    expect(screen.getByText('место для графиков')).toBeInTheDocument();
    expect(observer.observed).toHaveLength(1);

    observer.report(false);
    expect(screen.queryByText('графики')).toBeNull();

    observer.report(true);
    expect(screen.getByText('графики')).toBeInTheDocument();
    // Once drawn it stays: scrolling away does not take it down, and nothing watches any more.
    expect(observer.isDisconnected()).toBe(true);
  });
});
