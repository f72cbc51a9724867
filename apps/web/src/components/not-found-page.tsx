import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { messages } from '@crm/shared';
import './shared-ui.css';

/**
 * The `*` route (S1 §2): «Страница не найдена» with «Вернуться назад» and «На главную». `children` goes
 * between the text and the buttons: the station picker, when the address names a station that is not the
 * signed-in user's (app/not-found-route.tsx).
 */
export function NotFoundPage({ inline, children }: { inline?: boolean; children?: ReactNode }) {
  const navigate = useNavigate();
  const canGoBack = window.history.length > 1;
  return (
    <main className={`state-screen${inline ? ' state-screen--inline' : ''}`}>
      <div className="state-card">
        <div className="state-card__code" aria-hidden="true">
          404
        </div>
        <h1>{messages.notFoundPage.title}</h1>
        <p>{messages.notFoundPage.subtitle}</p>
        {children}
        <div className="state-card__actions">
          <Button icon={<ArrowLeftOutlined />} disabled={!canGoBack} onClick={() => void navigate(-1)}>
            Вернуться назад
          </Button>
          <Button type="primary" icon={<HomeOutlined />} onClick={() => void navigate('/')}>
            На главную
          </Button>
        </div>
      </div>
    </main>
  );
}
