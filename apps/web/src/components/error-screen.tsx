import { Button } from 'antd';
import { HomeOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { messages } from '@crm/shared';
import { ApiError, friendlyMessage } from '../lib/api-client';
import './shared-ui.css';

interface ErrorScreenProps {
  error?: unknown;
  onRetry?: () => void;
  title?: string;
  /** Inside the shell: no full-height centring. */
  inline?: boolean;
}

function technicalDetails(error: unknown): string {
  if (error instanceof ApiError) return `${error.status} ${error.code}: ${error.message}`;
  if (error instanceof Error)
    return `${error.name}: ${error.message}${error.stack ? `\n\n${error.stack}` : ''}`;
  return String(error);
}

/** S1 §2: «Произошла ошибка», retry / reload / home, and collapsible technical details. */
export function ErrorScreen({
  error,
  onRetry,
  title = messages.generic.errorScreenTitle,
  inline,
}: ErrorScreenProps) {
  return (
    <div className={`state-screen${inline ? ' state-screen--inline' : ''}`} role="alert">
      <div className="state-card">
        <div className="state-card__icon state-card__icon--danger" aria-hidden="true">
          <WarningOutlined />
        </div>
        <h1>{title}</h1>
        <p>{error === undefined ? messages.generic.unexpected : friendlyMessage(error)}</p>
        <div className="state-card__actions">
          {onRetry && (
            <Button type="primary" onClick={onRetry}>
              Повторить
            </Button>
          )}
          <Button
            type={onRetry ? 'default' : 'primary'}
            icon={<ReloadOutlined />}
            onClick={() => window.location.reload()}
          >
            Перезагрузить страницу
          </Button>
          <Button icon={<HomeOutlined />} href="/">
            На главную
          </Button>
        </div>
        {error !== undefined && (
          <details>
            <summary>Технические подробности</summary>
            <pre>{technicalDetails(error)}</pre>
          </details>
        )}
      </div>
    </div>
  );
}
