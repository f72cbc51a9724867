import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { setViewport } from '../test/render';
import { useViewport } from './use-media-query';

function ViewportName() {
  return <span>{useViewport()}</span>;
}

afterEach(() => {
  cleanup();
  setViewport();
  vi.restoreAllMocks();
});

describe('useViewport', () => {
  it('reads the window as it is now, not as it was when the query was first asked', () => {
    for (const [width, name] of [
      [390, 'mobile'],
      [800, 'tablet'],
      [1440, 'desktop'],
      [390, 'mobile'],
    ] as const) {
      setViewport(width);
      render(<ViewportName />);
      expect(screen.getByText(name)).toBeInTheDocument();
      cleanup();
    }
  });

  it('asks the browser for a media query list once, not at every render', () => {
    const matchMedia = vi.spyOn(window, 'matchMedia');
    const { rerender } = render(
      <>
        <ViewportName />
        <ViewportName />
      </>,
    );
    for (let i = 0; i < 5; i++)
      rerender(
        <>
          <ViewportName />
          <ViewportName />
        </>,
      );
    const queries = new Set(matchMedia.mock.calls.map(([query]) => query));
    // Lists made before this test (an earlier test's) count none: at most one per query.
    expect(matchMedia.mock.calls.length).toBeLessThanOrEqual(queries.size);
    expect(screen.getAllByText(/mobile|tablet|desktop/)).toHaveLength(2);
  });
});
