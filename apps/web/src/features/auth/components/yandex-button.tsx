import { Button } from 'antd';
import { messages } from '@crm/shared';

interface YandexButtonProps {
  busy: boolean;
  onClick(): void;
}

/** «Войти с Яндекс ID» in Yandex ID's own look; while busy it shows the spec's waiting text. */
export function YandexButton({ busy, onClick }: YandexButtonProps) {
  return (
    <Button
      className="yandex-button"
      size="large"
      block
      loading={busy}
      onClick={onClick}
      icon={
        busy ? undefined : (
          <span className="yandex-button__logo" aria-hidden="true">
            Я
          </span>
        )
      }
    >
      {busy ? messages.auth.waiting : 'Войти с Яндекс ID'}
    </Button>
  );
}
