import { useEffect, useLayoutEffect, useState } from 'react';
import { Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useUpdateCrmData } from '../../users/api/crm-data';
import '../../../components/floating-card.css';
import './shell-overlays.css';

const SHOW_AFTER_MS = 1000;

/**
 * The room the banner takes at the bottom of the screen, as `--crm-floating-inset` on the root: the page
 * ends above it (shell.css) and sticky save bars stand on it (issue 38: the banner covered the settings'
 * save bar) instead of under it.
 */
function useFloatingInset(card: HTMLElement | null) {
  useLayoutEffect(() => {
    if (!card) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty('--crm-floating-inset', `${Math.ceil(card.offsetHeight) + 12}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(card);
    return () => {
      observer?.disconnect();
      root.removeProperty('--crm-floating-inset');
    };
  }, [card]);
}

/**
 * Cookie and analytics consent (S1 §1): 1 s after load when cookiesConsent is absent; kept in CRM data.
 * The shell mounts it (and loads its code) when it is its turn in the arrival queue: after the new-orders
 * window, the greeting and the tour, never over an open window (lib/arrival-queue.ts).
 */
export function CookieConsent() {
  const update = useUpdateCrmData();
  const [due, setDue] = useState(false);
  const [card, setCard] = useState<HTMLDivElement | null>(null);
  useFloatingInset(card);

  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!due) return null;
  const answer = (consent: boolean) => update.mutate({ cookiesConsent: consent });
  return (
    <div
      ref={setCard}
      className="floating-card floating-card--cookies"
      role="dialog"
      aria-labelledby="cookies-title"
    >
      <div className="floating-card__icon" aria-hidden="true">
        <SafetyCertificateOutlined />
      </div>
      <div className="floating-card__body">
        <strong id="cookies-title">Мы используем cookie</strong>
        <span>
          Обязательные — чтобы вы оставались в системе, аналитические — чтобы понимать, что сделать удобнее.
        </span>
        <div className="floating-card__actions">
          <Button size="small" disabled={update.isPending} onClick={() => answer(false)}>
            Только необходимые
          </Button>
          <Button size="small" type="primary" loading={update.isPending} onClick={() => answer(true)}>
            Принять
          </Button>
        </div>
      </div>
    </div>
  );
}
