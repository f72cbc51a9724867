import { cloneElement, useState, type MouseEvent, type ReactElement } from 'react';
import { Tooltip, type TooltipProps } from 'antd';

type Hovered = ReactElement<{ onMouseEnter?: (event: MouseEvent<HTMLElement>) => void }>;

/**
 * antd's Tooltip, mounted when the pointer first comes over its element. A Tooltip costs its trigger, its
 * theme styles and its colour on every render of the page it sits on; the calendar's toolbar and the
 * dashboard's trends render ten of them on a phone's arrival, where no pointer hovers (issue 40: ≈ 15–40 ms
 * of the phone's longest tasks). Until then the element renders alone, with the same markup.
 */
export function HoverTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: Hovered }) {
  const [hovered, setHovered] = useState(false);
  if (hovered) {
    return (
      <Tooltip defaultOpen {...props}>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseEnter?.(event);
      setHovered(true);
    },
  });
}
