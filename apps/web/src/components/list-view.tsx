import type { ReactNode } from 'react';
import { Spin } from 'antd';
import './list-view.css';

/** The first load of a list: a spinner and what is loading. `className` is the page's own class. */
export function ListLoading({ className, text }: { className: string; text: string }) {
  return (
    <div className={`list-loading ${className}`} role="status">
      <Spin />
      <span>{text}</span>
    </div>
  );
}

interface ListContentProps {
  /** The page's own class; `{className}--stale` goes with it while stale. */
  className: string;
  /** The previous page is shown while the next loads (keepPreviousData): dimmed. */
  stale: boolean;
  busy: boolean;
  children: ReactNode;
}

/** The cards or the table of a list. */
export function ListContent({ className, stale, busy, children }: ListContentProps) {
  return (
    <div
      className={`list-content ${className}${stale ? ` list-content--stale ${className}--stale` : ''}`}
      aria-busy={busy}
    >
      {children}
    </div>
  );
}
