import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useArrivalTurn } from '../../../lib/arrival-queue';
import { useCrmData, useUpdateCrmData } from '../../users/api/crm-data';
import '../../../components/floating-card.css';
import './shell-overlays.css';

const SHOW_AFTER_MS = 1000;

/** Cookie and analytics consent (S1 §1): 1 s after load when cookiesConsent is absent; kept in CRM data. */
export function CookieConsent() {
  const crmData = useCrmData();
  const update = useUpdateCrmData();
  const [due, setDue] = useState(false);
  const absent = crmData.isSuccess && crmData.data.cookiesConsent === undefined;
  // Last in the arrival queue: held back while the new-orders window, the greeting or the tour has the
  // screen (and again if one of them comes back), one thing at a time.
  const turn = useArrivalTurn('cookies', absent);

  useEffect(() => {
    if (!turn) return;
    const timer = window.setTimeout(() => setDue(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [turn]);

  if (!turn || !due) return null;
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
