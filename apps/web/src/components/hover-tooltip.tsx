import { cloneElement, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { Tooltip, type TooltipProps } from 'antd';
import { useMediaQuery } from '../lib/use-media-query';

type Click = (event: MouseEvent) => void;

type Props = {
  title: ReactNode;
  placement?: TooltipProps['placement'];
  /**
   * On a touch screen: `none` (default) shows the element alone — right for a button, whose tap is its
   * action and whose name is its aria-label; `tap` mounts the tooltip, open, at the first tap — for an
   * element whose tooltip is information the screen has nowhere else (a trend's «Было X, стало Y»).
   */
  onTouch?: 'none' | 'tap';
  children: ReactElement<{ onClick?: Click }>;
  /** Anything else (a ref, handlers and attributes of a Popover around this) goes to the element. */
  [forElement: string]: unknown;
};

/** One handler calling each given one in turn (the element's own first); none when none is given. */
function inTurn(...clicks: (Click | undefined)[]): Click | undefined {
  const given = clicks.filter((click): click is Click => typeof click === 'function');
  return given.length ? (event) => given.forEach((click) => click(event)) : undefined;
}

/**
 * antd's Tooltip where a pointer can hover (a mouse, a trackpad); on a touch screen, the element alone
 * until it is wanted (issue 40).
 *
 * A Tooltip stores its element from the element's ref while React commits, and React renders an update
 * made then at once, in the same task, after first running every effect of that commit — on a page's
 * arrival, its queries subscribing and starting their requests. The tooltips, popovers and badges of the
 * calendar's toolbar and the shell made the page's two largest commits one long task each, on a phone,
 * which never hovers (bench/lighthouse/README.md, «Updates inside the page's commit»). The choice is made
 * once, by the device: turning an element into a tooltip's later would draw it anew, and lose a press
 * begun on it (the tap variant turns it on a tap, which is then complete).
 */
export function HoverTooltip({ title, placement, onTouch = 'none', children, ...forElement }: Props) {
  const canHover = useMediaQuery('(hover: hover)');
  const [tapped, setTapped] = useState(false);
  const tap = !canHover && !tapped && onTouch === 'tap' ? () => setTapped(true) : undefined;
  const element = cloneElement(children, {
    ...forElement,
    onClick: inTurn(children.props.onClick, forElement.onClick as Click | undefined, tap),
  });
  if (!canHover && !tapped) return element;
  return (
    <Tooltip title={title} placement={placement} defaultOpen={tapped || undefined}>
      {element}
    </Tooltip>
  );
}
