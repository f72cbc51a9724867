import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';
import './count-badge.css';

type Props = Omit<HTMLAttributes<HTMLSpanElement>, 'color'> & {
  count: number | undefined;
  /** The smaller pill, over an icon. */
  small?: boolean;
  /** The pill's colour (a CSS colour); antd's error red by default. */
  color?: string;
  className?: string;
  /** What the count sits on, at its top right corner; without it the pill stands in the line. */
  children?: ReactNode;
  /** [x, y] px from that corner, as antd's Badge `offset`. */
  offset?: [number, number];
  /** On the corner's anchor: a Popover or Tooltip around the badge places itself by it. */
  ref?: Ref<HTMLSpanElement>;
};

/**
 * A count in a pill, drawn as antd's Badge draws one, without its animation (issue 40).
 *
 * antd's Badge wraps the number in an animation component that sets its own state while React commits
 * (rc-motion's layout effect), which React renders at once, in the same task, after running every effect
 * of that commit: the shell's first commit on arrival was one long task because of the bottom bar's
 * count (bench/lighthouse/README.md, «Updates inside the page's commit»). Nothing is drawn for no count;
 * above 99 it reads «99+». Decorative: the screen reader's words are the caller's (NavBadgeText, a label).
 * With `children`, the other props (a Popover's ref and handlers) go to the anchor around them.
 */
export function CountBadge({ count, small, color, className, children, offset, ref, ...anchor }: Props) {
  const pill = count ? (
    <sup
      className={`count-badge${small ? ' count-badge--small' : ''}${children ? ' count-badge--corner' : ''}${className ? ` ${className}` : ''}`}
      style={
        {
          ...(color ? { '--count-badge-bg': color } : {}),
          ...(offset ? { '--count-badge-x': `${offset[0]}px`, '--count-badge-y': `${offset[1]}px` } : {}),
        } as CSSProperties
      }
      aria-hidden="true"
    >
      {count > 99 ? '99+' : count}
    </sup>
  ) : null;
  if (children === undefined) return pill;
  return (
    <span ref={ref} {...anchor} className="count-badge-anchor">
      {children}
      {pill}
    </span>
  );
}
