import {
  cloneElement,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { Popover, type PopoverProps } from 'antd';

type Trigger = ReactElement<{ onClick?: (event: MouseEvent) => void; 'data-popover-trigger'?: string }>;

/**
 * antd's Popover opened by a click, mounted at its first opening (issue 40).
 *
 * A mounted Popover stores its element from the element's ref while React commits, and React renders an
 * update made then at once, in the same task, after first running every effect of that commit — on a
 * page's arrival, its queries subscribing and starting their requests. The calendar's date and filter
 * popovers and the station switcher made the page's two largest commits one long task each
 * (bench/lighthouse/README.md, «Updates inside the page's commit»). Until its first click the element is
 * drawn alone; that click mounts the Popover open (the element is drawn anew inside it, after the click
 * is complete, so nothing is lost; keyboard focus is put back on it).
 *
 * `open`/`onOpenChange` as antd's: controlled when `open` is given, otherwise the Popover keeps its own.
 */
export function LazyPopover({
  children,
  open,
  onOpenChange,
  ...popover
}: PopoverProps & { children: Trigger }) {
  const [mounted, setMounted] = useState(false);
  const refocus = useRef(false);
  const id = useId();
  useLayoutEffect(() => {
    if (!mounted || !refocus.current) return;
    refocus.current = false;
    const element = document.querySelector<HTMLElement>(`[data-popover-trigger="${CSS.escape(id)}"]`);
    const focusable = 'button, a[href], [tabindex]';
    (element?.matches(focusable) ? element : element?.querySelector<HTMLElement>(focusable))?.focus();
  }, [mounted, id]);
  const trigger = cloneElement(children, { 'data-popover-trigger': id });
  if (mounted) {
    return (
      <Popover
        {...popover}
        {...(open === undefined ? { defaultOpen: true } : { open })}
        onOpenChange={onOpenChange}
      >
        {trigger}
      </Popover>
    );
  }
  return cloneElement(trigger, {
    onClick: (event: MouseEvent) => {
      children.props.onClick?.(event);
      const target = event.currentTarget as HTMLElement;
      refocus.current = target.contains(document.activeElement);
      setMounted(true);
      onOpenChange?.(true);
    },
  });
}
