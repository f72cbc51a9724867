import { Button } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { messages } from '@crm/shared';
import '../../../components/floating-card.css';
import './shell-overlays.css';

/** S1 §9 «Update check every 30 min». */
const UPDATE_CHECK_MS = 30 * 60_000;

/** Registers the service worker (/sw.js) and offers a new version: «Позже» / «Обновить». */
export function UpdateCard() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) window.setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });

  if (!needRefresh) return null;
  return (
    <div className="floating-card floating-card--update" role="alertdialog" aria-labelledby="update-title">
      <div className="floating-card__icon" aria-hidden="true">
        <CloudDownloadOutlined />
      </div>
      <div className="floating-card__body">
        <strong id="update-title">{messages.generic.updateAvailable}</strong>
        <span>Новая версия уже загружена — обновите страницу, чтобы начать с ней работать.</span>
        <div className="floating-card__actions">
          <Button size="small" onClick={() => setNeedRefresh(false)}>
            Позже
          </Button>
          <Button size="small" type="primary" onClick={() => void updateServiceWorker(true)}>
            Обновить
          </Button>
        </div>
      </div>
    </div>
  );
}
