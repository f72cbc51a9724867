import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HoverTooltip } from './hover-tooltip';

afterEach(cleanup);

describe('HoverTooltip', () => {
  it('renders its element alone until a pointer comes over it, then shows the tooltip', async () => {
    const onClick = vi.fn();
    render(
      <HoverTooltip title="Следующий день">
        <button type="button" aria-label="Вперёд" onClick={onClick}>
          →
        </button>
      </HoverTooltip>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-tooltip')).toBeNull();

    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Вперёд' }));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Следующий день');
    // The element is described by the tooltip it opened, and still does what it did.
    expect(screen.getByRole('button', { name: 'Вперёд' })).toHaveAttribute('aria-describedby', tooltip.id);
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("keeps the element's own mouse-enter handler", () => {
    const onMouseEnter = vi.fn();
    render(
      <HoverTooltip title="Подсказка">
        <span tabIndex={0} onMouseEnter={onMouseEnter}>
          ↑ 5 %
        </span>
      </HoverTooltip>,
    );
    fireEvent.mouseEnter(screen.getByText('↑ 5 %'));
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
  });
});
