import { messages } from '@crm/shared';

interface YandexButtonProps {
  busy: boolean;
  onClick(): void;
}

/**
 * «Войти с Яндекс ID» in Yandex ID's own look; while busy it shows the spec's waiting text. Plain markup,
 * not antd's Button: the login page loads no antd (issue 15).
 */
export function YandexButton({ busy, onClick }: YandexButtonProps) {
  return (
    <button type="button" className="yandex-button" aria-busy={busy} disabled={busy} onClick={onClick}>
      <span className={busy ? 'yandex-button__spinner' : 'yandex-button__logo'} aria-hidden="true">
        {busy ? null : 'Я'}
      </span>
      {busy ? messages.auth.waiting : 'Войти с Яндекс ID'}
    </button>
  );
}
