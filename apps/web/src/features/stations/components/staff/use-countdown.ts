import { useEffect, useState } from 'react';

/**
 * Seconds left of a countdown that starts whenever `startedAt` changes (null: not running, 0 left).
 * Ticks once a second; the last tick lands on 0.
 */
export function useCountdown(seconds: number, startedAt: number | null): number {
  const [left, setLeft] = useState(startedAt === null ? 0 : seconds);
  const [prevStart, setPrevStart] = useState(startedAt);
  if (prevStart !== startedAt) {
    setPrevStart(startedAt);
    setLeft(startedAt === null ? 0 : seconds);
  }
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => {
      setLeft((n) => {
        if (n <= 1) clearInterval(timer);
        return Math.max(0, n - 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return left;
}
