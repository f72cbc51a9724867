import type { ReactNode } from 'react';
import './panel.css';

interface PanelProps {
  /** The heading line; the panel's accessible name. */
  title?: ReactNode;
  /** What sits at the heading's end: a hint, a link, a button. */
  extra?: ReactNode;
  className?: string;
  bodyClassName?: string;
  children?: ReactNode;
}

/**
 * A titled box on a page, drawn as antd's Card from the theme's CSS variables. Not antd's Card: it brings
 * its tabs and, through them, antd's menu, dropdown and text input into any page that shows a card
 * (≈ 25 KB gzip on the dashboard's first load, issue 15), though no card here has tabs.
 */
export function Panel({ title, extra, className, bodyClassName, children }: PanelProps) {
  return (
    <section className={className ? `panel ${className}` : 'panel'}>
      {(title || extra) && (
        <header className="panel__head">
          {title && <h3 className="panel__title">{title}</h3>}
          {extra && <div className="panel__extra">{extra}</div>}
        </header>
      )}
      <div className={bodyClassName ? `panel__body ${bodyClassName}` : 'panel__body'}>{children}</div>
    </section>
  );
}
