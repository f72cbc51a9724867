import { useEffect } from 'react';

/**
 * Whether a downward drag of `distance` px over `ms` closes a sheet `height` px tall: dragged a quarter of
 * it (at most 120 px), or flicked (faster than 0.5 px/ms over at least 30 px).
 */
export function swipeCloses(distance: number, ms: number, height: number): boolean {
  if (distance <= 0) return false;
  if (distance >= Math.min(120, height / 4)) return true;
  return distance >= 30 && distance / Math.max(ms, 1) > 0.5;
}

/** Pixels a finger moves before the gesture counts as a drag (a tap stays a tap). */
const SLOP = 6;

/**
 * A bottom sheet that follows the finger down and closes when let go far or fast enough. A drag starts in
 * the sheet's head, or in its scrolling body while that is scrolled to the top (pulling further down);
 * otherwise the body scrolls as usual. `el` is the element moved (null while not shown); `scroller` finds the scrolling body.
 */
export function useSwipeDown(
  el: HTMLElement | null,
  scroller: (frame: HTMLElement) => HTMLElement | null,
  onClose: () => void,
): void {
  useEffect(() => {
    if (!el) return;
    let startY: number | null = null;
    let startTime = 0;
    let fromBody = false;
    let distance = 0;
    let dragging = false;

    // Back into place, animated (the frame's CSS transition) unless `at once`.
    const reset = (atOnce = false) => {
      el.style.transition = atOnce ? 'none' : '';
      el.style.transform = '';
      startY = null;
      dragging = false;
    };
    const onStart = (event: TouchEvent) => {
      if (event.touches.length !== 1) return reset();
      el.style.transition = '';
      const body = scroller(el);
      startY = event.touches[0]!.clientY;
      startTime = event.timeStamp;
      fromBody = !!body && body.contains(event.target as Node);
      distance = 0;
      dragging = false;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const delta = event.touches[0]!.clientY - startY;
      if (!dragging) {
        if (Math.abs(delta) < SLOP) return;
        const body = scroller(el);
        // Up, or down through a body scrolled away from its top: that is scrolling, not closing.
        if (delta < 0 || (fromBody && body && body.scrollTop > 0)) {
          startY = null;
          return;
        }
        dragging = true;
        el.style.transition = 'none';
      }
      if (event.cancelable) event.preventDefault();
      distance = Math.max(0, delta);
      el.style.transform = `translateY(${distance}px)`;
    };
    const onEnd = (event: TouchEvent) => {
      if (!dragging || !swipeCloses(distance, event.timeStamp - startTime, el.offsetHeight)) return reset();
      // Closing: the sheet leaves from where the finger let it go (set back in place when opened again).
      startY = null;
      dragging = false;
      onClose();
    };
    const onCancel = () => reset();

    // Opened again: in place, wherever the last swipe let it go.
    reset(true);
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onCancel);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onCancel);
    };
  }, [el, scroller, onClose]);
}
