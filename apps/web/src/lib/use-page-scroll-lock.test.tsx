import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageScrollLock } from './use-page-scroll-lock';

function Window({ open }: { open: boolean }) {
  usePageScrollLock(open);
  return null;
}

const root = document.documentElement;
const isLocked = () => root.classList.contains('crm-scroll-locked');

describe('usePageScrollLock', () => {
  afterEach(() => {
    root.classList.remove('crm-scroll-locked');
  });

  it('locks the page while the window is open and frees it when it closes', () => {
    const view = render(<Window open />);
    expect(isLocked()).toBe(true);
    expect(root.style.getPropertyValue('--crm-scrollbar-gap')).toMatch(/^\d+px$/);
    view.rerender(<Window open={false} />);
    expect(isLocked()).toBe(false);
    expect(root.style.getPropertyValue('--crm-scrollbar-gap')).toBe('');
  });

  it('does not lock for a closed window', () => {
    render(<Window open={false} />);
    expect(isLocked()).toBe(false);
  });

  it('keeps the page locked until the last of two open windows goes', () => {
    const first = render(<Window open />);
    const second = render(<Window open />);
    first.unmount();
    expect(isLocked()).toBe(true);
    second.unmount();
    expect(isLocked()).toBe(false);
  });
});
