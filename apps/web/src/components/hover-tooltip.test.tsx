import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HoverTooltip } from './hover-tooltip';

// The device's answer to (hover: hover), set by each test.
const device = vi.hoisted(() => ({ canHover: true }));
vi.mock('../lib/use-media-query', () => ({ useMediaQuery: () => device.canHover }));

afterEach(() => {
  cleanup();
  device.canHover = true;
});

const tooltipText = () => document.querySelector('.ant-tooltip')?.textContent ?? null;

describe('HoverTooltip (issue 40: no tooltip mounted on a touch screen until it is wanted)', () => {
  it('where a pointer hovers, shows the title on hover, as antd does', async () => {
    render(
      <HoverTooltip title="Следующий день">
        <button aria-label="Следующий день">›</button>
      </HoverTooltip>,
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Следующий день' }));
    await waitFor(() => expect(tooltipText()).toBe('Следующий день'));
  });

  it('on a touch screen, a button is itself alone: its tap does its action and shows no tooltip', async () => {
    device.canHover = false;
    const onClick = vi.fn();
    render(
      <HoverTooltip title="Следующий день">
        <button aria-label="Следующий день" onClick={onClick}>
          ›
        </button>
      </HoverTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Следующий день' });
    fireEvent.mouseEnter(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(tooltipText()).toBeNull();
  });

  it('on a touch screen, `tap` opens the information at the first tap', async () => {
    device.canHover = false;
    render(
      <HoverTooltip title="Было 3 850 ₽, стало 4 200 ₽" onTouch="tap">
        <span tabIndex={0}>↑ 9 %</span>
      </HoverTooltip>,
    );
    expect(tooltipText()).toBeNull();
    fireEvent.click(screen.getByText('↑ 9 %'));
    await waitFor(() => expect(tooltipText()).toBe('Было 3 850 ₽, стало 4 200 ₽'));
  });

  it('passes what a Popover around it gives (handlers, attributes) on to the element, beside its own', () => {
    device.canHover = false;
    const own = vi.fn();
    const popover = vi.fn();
    render(
      <HoverTooltip title="Мойка на Ленина" onClick={popover} data-popover-trigger="x">
        <button onClick={own}>Мойка</button>
      </HoverTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Мойка' });
    expect(button.getAttribute('data-popover-trigger')).toBe('x');
    fireEvent.click(button);
    expect(own).toHaveBeenCalledTimes(1);
    expect(popover).toHaveBeenCalledTimes(1);
  });
});
