import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useCrmData, useUpdateCrmData } from '../../users/api/crm-data';
import './shell-overlays.css';

const SHOW_AFTER_MS = 1000;

/** Cookie and analytics consent (S1 §1): 1 s after load when cookiesConsent is absent; kept in CRM data. */
export function CookieConsent({ ready }: { ready: boolean }) {
  const crmData = useCrmData();
  const update = useUpdateCrmData();
  const [due, setDue] = useState(false);
  // Held back while the greeting or the tour has the screen: one thing at a time.
  const absent = ready && crmData.isSuccess && crmData.data.cookiesConsent === undefined;

  useEffect(() => {
    if (!absent) return;
    const timer = window.setTimeout(() => setDue(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [absent]);

  if (!absent || !due) return null;
  const answer = (consent: boolean) => update.mutate({ cookiesConsent: consent });
  return (
    <div className="floating-card floating-card--cookies" role="dialog" aria-labelledby="cookies-title">
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
