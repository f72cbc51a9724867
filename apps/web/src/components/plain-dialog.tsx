import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
// The internal hook: the public `theme.useToken()` hands back the token in place of its CSS-variable class.
import { useToken } from 'antd/es/theme/internal';
import { afterNextPaint } from '../lib/after-next-paint';
import './plain-dialog.css';

interface PlainDialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Escape and a click on the mask call `onDismiss`; without, only the content can close it. */
  dismissible: boolean;
  onDismiss(): void;
  /** Zoom in as antd's Modal does; without, the window is there in its first frame. */
  animate: boolean;
  /** Near the top and the screen's full width, its body scrolling (phones); otherwise centred. */
  sheet: boolean;
  width?: number;
  /** On the window's own box, as antd's Modal puts it. */
  className?: string;
}

/**
 * A modal window drawn as antd's Modal, for the one window that is there on arrival: the new orders
 * (S1 §1). antd's Modal reads the page's computed style and the window's position and moves focus in the
 * commit that mounts it, so the page was laid out twice before its first paint (≈ 25 ms of the arrival's
 * task unthrottled, issue 15), and its code loaded before the window could show. Here nothing is
 * measured: focus moves in after the first frame. Windows opened by a click stay antd's.
 *
 * A dialog (`aria-modal`) named by its title; Tab stays inside; focus returns where it was on close.
 * Rendered into <body> with the theme's variables, as antd renders its own.
 */
export function PlainDialog(props: PlainDialogProps) {
  const { title, children, dismissible, onDismiss, animate, sheet, width = 640, className } = props;
  const cssVar = useToken()[4];
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const pressedOnMask = useRef(false);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // After the first frame: focusing in the commit lays the page out before its paint.
    const cancel = afterNextPaint(() => {
      if (!panel.current?.contains(document.activeElement)) panel.current?.focus({ preventScroll: true });
    });
    return () => {
      cancel();
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    // Only from this window: a window opened over it (the decline form) handles its own Escape.
    if (event.key !== 'Escape' || !dismissible) return;
    if (!panel.current?.contains(event.target as Node)) return;
    event.stopPropagation();
    onDismiss();
  };
  const onMaskClick = (event: MouseEvent) => {
    if (dismissible && pressedOnMask.current && event.target === event.currentTarget) onDismiss();
  };
  // Tab past either end comes back in at the other.
  const wrapFocus = (toStart: boolean) => {
    const focusable = panel.current?.querySelectorAll<HTMLElement>(
      'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    const target = focusable?.length ? focusable[toStart ? 0 : focusable.length - 1] : panel.current;
    target?.focus();
  };

  const modifiers = `${sheet ? ' plain-dialog--sheet' : ''}${animate ? ' plain-dialog--animate' : ''}`;
  return createPortal(
    <div className={`plain-dialog ${cssVar?.key ?? ''}${modifiers}`}>
      <div className="plain-dialog__mask" />
      <div
        className="plain-dialog__wrap"
        onKeyDown={onKeyDown}
        onMouseDown={(event) => (pressedOnMask.current = event.target === event.currentTarget)}
        onClick={onMaskClick}
      >
        <div tabIndex={0} className="plain-dialog__edge" aria-hidden onFocus={() => wrapFocus(false)} />
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className={className ? `plain-dialog__panel ${className}` : 'plain-dialog__panel'}
          style={sheet ? undefined : { width }}
        >
          <div id={titleId} className="plain-dialog__title">
            {title}
          </div>
          <div className="plain-dialog__body">{children}</div>
        </div>
        <div tabIndex={0} className="plain-dialog__edge" aria-hidden onFocus={() => wrapFocus(true)} />
      </div>
    </div>,
    document.body,
  );
}
