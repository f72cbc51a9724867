import { useEffect } from 'react';

/** S2 §9: 500 pieces over 5 s, in bursts, so the page stays usable while they fall. */
const totalPieces = 500;
const durationMs = 5_000;
const burstEveryMs = 250;

/**
 * Confetti once when the component mounts (S2 §2: on entering the wizard's Telegram step). The library is
 * loaded only then; people who asked for less motion get none; a browser without canvas gets none.
 */
export function useConfetti() {
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    // Without a 2D canvas the library fails inside its animation frames and again on reset.
    if (!document.createElement('canvas').getContext('2d')) return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    void import('canvas-confetti')
      .then(({ default: confetti }) => {
        if (cancelled) return;
        const bursts = durationMs / burstEveryMs;
        let fired = 0;
        const timer = window.setInterval(() => {
          fired += 1;
          if (fired > bursts) return window.clearInterval(timer);
          try {
            void confetti({ particleCount: totalPieces / bursts, spread: 75, origin: { y: 0.55 } });
          } catch {
            window.clearInterval(timer);
          }
        }, burstEveryMs);
        stop = () => {
          window.clearInterval(timer);
          confetti.reset();
        };
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
