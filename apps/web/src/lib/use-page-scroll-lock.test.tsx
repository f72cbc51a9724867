import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageScrollLock } from './use-page-scroll-lock';

function Window({ open }: { open: boolean }) {
  usePageScrollLock(open);
  return null;
}

const root = document.documentElement;
const isLocked = () => root.classList.contains('crm-scroll-locked');
/** The lock comes after the window's first frame. */
const locked = () => waitFor(() => expect(isLocked()).toBe(true));
const nextFrames = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('usePageScrollLock', () => {
  afterEach(() => {
    root.classList.remove('crm-scroll-locked');
  });

  it('locks the page after the window’s first frame, not in its commit, and frees it when it closes', async () => {
    const view = render(<Window open />);
    expect(isLocked()).toBe(false);
    await locked();
    view.rerender(<Window open={false} />);
    expect(isLocked()).toBe(false);
  });

  it('never locks for a window that closed before its first frame', async () => {
    const view = render(<Window open />);
    view.unmount();
    await nextFrames();
    expect(isLocked()).toBe(false);
  });

  it('narrows the body by a classic scrollbar’s width while locked, and gives it back', async () => {
    // A desktop's 15 px scrollbar: the window is wider than the page's client area.
    Object.defineProperty(root, 'clientWidth', { configurable: true, get: () => window.innerWidth - 15 });
    try {
      const view = render(<Window open />);
      await locked();
      expect(document.body.style.width).toBe('calc(100% - 15px)');
      // Nothing the whole page inherits is set on <html>: that restyled every element.
      expect(root.getAttribute('style') ?? '').toBe('');
      view.unmount();
      expect(document.body.style.width).toBe('');
    } finally {
      delete (root as { clientWidth?: number }).clientWidth;
    }
  });

  it('leaves the body’s width alone where the scrollbar takes no room (a phone)', async () => {
    Object.defineProperty(root, 'clientWidth', { configurable: true, get: () => window.innerWidth });
    try {
      const view = render(<Window open />);
      await locked();
      expect(document.body.style.width).toBe('');
      view.unmount();
    } finally {
      delete (root as { clientWidth?: number }).clientWidth;
    }
  });

  it('does not lock for a closed window', async () => {
    render(<Window open={false} />);
    await nextFrames();
    expect(isLocked()).toBe(false);
  });

  it('keeps the page locked until the last of two open windows goes', async () => {
    const first = render(<Window open />);
    const second = render(<Window open />);
    await locked();
    await nextFrames();
    first.unmount();
    expect(isLocked()).toBe(true);
    second.unmount();
    expect(isLocked()).toBe(false);
  });
});
