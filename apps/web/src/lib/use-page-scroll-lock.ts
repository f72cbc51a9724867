import { useEffect } from 'react';
import { afterNextPaint } from './after-next-paint';

const LOCKED_CLASS = 'crm-scroll-locked';
let locks = 0;

function lock() {
  const root = document.documentElement;
  if (locks === 0) {
    const scrollbar = window.innerWidth - root.clientWidth;
    if (scrollbar > 0) document.body.style.width = `calc(100% - ${scrollbar}px)`;
    root.classList.add(LOCKED_CLASS);
  }
  locks += 1;
}

/** Tests share modules across files (src/test/setup.ts): a lock a window left held is forgotten. */
export function resetPageScrollLockForTests() {
  locks = 0;
  document.documentElement.classList.remove(LOCKED_CLASS);
  document.body.style.removeProperty('width');
}

function unlock() {
  locks -= 1;
  if (locks > 0) return;
  document.documentElement.classList.remove(LOCKED_CLASS);
  document.body.style.removeProperty('width');
}

/**
 * Keeps the page behind a window from scrolling while `locked`, as antd's Modal does by itself, for a
 * window that is there on arrival (the new orders). antd's lock measures the scrollbar in a layout effect
 * and inserts a <style> element: the page just committed is laid out, then restyled in full, inside the
 * task that first paints it (≈ 40 ms of a mid phone's main thread, issue 15). Here a class on <html> does
 * it (global.css), which restyles <body> alone. On a desktop with a classic scrollbar the body is narrowed
 * by the scrollbar's width, so nothing shifts sideways; a phone's overlay scrollbar measures 0. The width
 * is the body's own inline style, not a custom property on <html>: every element inherits those, and
 * setting one restyled the whole page again (≈ 50 ms of the same task at Lighthouse's 4× CPU).
 *
 * The lock comes after the window's first frame: measuring the scrollbar in the commit laid the page out
 * before its paint, and again for the paint (17 ms of the arrival's task unthrottled). After the frame the
 * page is laid out already and the measure costs nothing; for that one frame the page could scroll.
 */
export function usePageScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    let held = false;
    const cancel = afterNextPaint(() => {
      lock();
      held = true;
    });
    return () => {
      cancel();
      if (held) unlock();
    };
  }, [locked]);
}
