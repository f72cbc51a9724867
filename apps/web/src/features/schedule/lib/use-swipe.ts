import { useMemo, useRef, type TouchEvent } from 'react';

/** A horizontal swipe of at least this many pixels, clearly more sideways than vertical, turns the page. */
const MIN_SWIPE_PX = 60;

/**
 * S1 §2 «swipe»: touch handlers that call `onSwipe(1)` for a swipe to the left (next) and `onSwipe(-1)`
 * for a swipe to the right (previous). Vertical scrolling of the grid is left alone.
 */
export function useSwipe(onSwipe?: (step: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const handler = useRef(onSwipe);
  handler.current = onSwipe;
  return useMemo(
    () => ({
      onTouchStart: (e: TouchEvent) => {
        const t = e.touches[0];
        start.current = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
      },
      onTouchEnd: (e: TouchEvent) => {
        const from = start.current;
        const t = e.changedTouches[0];
        start.current = null;
        if (!from || !t || !handler.current) return;
        const dx = t.clientX - from.x;
        const dy = t.clientY - from.y;
        if (Math.abs(dx) >= MIN_SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) {
          handler.current(dx < 0 ? 1 : -1);
        }
      },
    }),
    [],
  );
}
