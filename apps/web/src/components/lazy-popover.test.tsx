import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CountBadge } from './count-badge';
import { LazyPopover } from './lazy-popover';

afterEach(cleanup);

const popoverText = () => document.querySelector('.ant-popover')?.textContent ?? null;

/** A controlled popover, as the calendar's date picker and the station switcher use it. */
function Controlled({ onOwnClick }: { onOwnClick?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <LazyPopover trigger="click" open={open} onOpenChange={setOpen} content={<p>Выберите дату</p>}>
      <button onClick={onOwnClick}>30 ноября</button>
    </LazyPopover>
  );
}

describe('LazyPopover (issue 40: no popover mounted on a page until it is opened)', () => {
  it('mounts nothing of the popover until the first click', () => {
    render(<Controlled />);
    expect(document.querySelector('.ant-popover')).toBeNull();
    expect(screen.getByRole('button', { name: '30 ноября' })).toBeTruthy();
  });

  it('opens at the first click, the element keeping its own click, and closes and opens as antd does', async () => {
    const onOwnClick = vi.fn();
    render(<Controlled onOwnClick={onOwnClick} />);
    fireEvent.click(screen.getByRole('button', { name: '30 ноября' }));
    await waitFor(() => expect(popoverText()).toBe('Выберите дату'));
    expect(onOwnClick).toHaveBeenCalledTimes(1);
    // A click outside closes it; the next click on the element opens it again.
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    await waitFor(() => expect(document.querySelector('.ant-popover.ant-popover-hidden')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '30 ноября' }));
    await waitFor(() =>
      expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')?.textContent).toBe(
        'Выберите дату',
      ),
    );
    expect(onOwnClick).toHaveBeenCalledTimes(2);
  });

  it('opens an uncontrolled popover at the first click too, the element wrapped in a badge', async () => {
    render(
      <LazyPopover trigger="click" content={<p>Боксы и статусы</p>} title="Фильтры">
        <CountBadge count={2} small>
          <button>Фильтры</button>
        </CountBadge>
      </LazyPopover>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Фильтры' }));
    await waitFor(() => expect(popoverText()).toContain('Боксы и статусы'));
  });

  it('gives keyboard focus back to the element it drew anew', async () => {
    render(<Controlled />);
    const button = screen.getByRole('button', { name: '30 ноября' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(popoverText()).toBe('Выберите дату'));
    const drawnAnew = screen.getByRole('button', { name: '30 ноября' });
    expect(document.activeElement).toBe(drawnAnew);
  });
});

describe('CountBadge', () => {
  it('draws nothing for no count, the count in a pill, and «99+» above 99', () => {
    const { container, rerender } = render(<CountBadge count={0} />);
    expect(container.textContent).toBe('');
    rerender(<CountBadge count={7} />);
    expect(container.querySelector('.count-badge')?.textContent).toBe('7');
    rerender(<CountBadge count={120} />);
    expect(container.querySelector('.count-badge')?.textContent).toBe('99+');
  });

  it('sits on the corner of what it wraps, at the offset and in the colour asked', () => {
    const { container } = render(
      <CountBadge count={3} small offset={[-4, 4]} color="var(--crm-accent)">
        <button>Фильтры</button>
      </CountBadge>,
    );
    const pill = container.querySelector<HTMLElement>('.count-badge-anchor > .count-badge--corner')!;
    expect(pill.textContent).toBe('3');
    expect(pill.classList.contains('count-badge--small')).toBe(true);
    expect(pill.style.getPropertyValue('--count-badge-bg')).toBe('var(--crm-accent)');
    expect(pill.style.getPropertyValue('--count-badge-x')).toBe('-4px');
    expect(pill.style.getPropertyValue('--count-badge-y')).toBe('4px');
    expect(pill.getAttribute('aria-hidden')).toBe('true');
  });
});
