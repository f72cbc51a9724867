import type { ReactNode } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import './shared-ui.css';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** Bulleted reasons or hints (e.g. «Не найдены привязанные станции», S1 §2). */
  reasons?: ReactNode[];
  icon?: ReactNode;
  actions?: ReactNode;
  /** Full-height centring when the state is the whole page. */
  fullScreen?: boolean;
}

export function EmptyState({ title, description, reasons, icon, actions, fullScreen }: EmptyStateProps) {
  return (
    <section className={`state-screen${fullScreen ? '' : ' state-screen--inline'}`}>
      <div className="state-card">
        <div className="state-card__icon" aria-hidden="true">
          {icon ?? <InboxOutlined />}
        </div>
        <h2>{title}</h2>
        {description && <p>{description}</p>}
        {reasons && reasons.length > 0 && (
          <ul className="state-card__reasons">
            {reasons.map((reason, i) => (
              <li key={i}>{reason}</li>
            ))}
          </ul>
        )}
        {actions && <div className="state-card__actions">{actions}</div>}
      </div>
    </section>
  );
}
