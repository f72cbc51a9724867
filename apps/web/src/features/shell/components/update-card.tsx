import { Button } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { messages } from '@crm/shared';
import '../../../components/floating-card.css';
import './shell-overlays.css';

export interface UpdateCardProps {
  onLater(): void;
  onUpdate(): void;
}

/** Offers the new version the service worker has downloaded: «Позже» / «Обновить». */
export function UpdateCard({ onLater, onUpdate }: UpdateCardProps) {
  return (
    <div className="floating-card floating-card--update" role="alertdialog" aria-labelledby="update-title">
      <div className="floating-card__icon" aria-hidden="true">
        <CloudDownloadOutlined />
      </div>
      <div className="floating-card__body">
        <strong id="update-title">{messages.generic.updateAvailable}</strong>
        <span>Новая версия уже загружена — обновите страницу, чтобы начать с ней работать.</span>
        <div className="floating-card__actions">
          <Button size="small" onClick={onLater}>
            Позже
          </Button>
          <Button size="small" type="primary" onClick={onUpdate}>
            Обновить
          </Button>
        </div>
      </div>
    </div>
  );
}
