import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { tariffMessages as m } from '@crm/shared';
import { PageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { friendlyMessage } from '../../../lib/api-client';
import { useViewport } from '../../../lib/use-media-query';
import { useStationContext } from '../../stations/lib/station-context';
import { useOwnTariffInit } from '../api/own-tariff-create';
import { NewTariffForm } from '../components/new-tariff-form';
import { clearDraft, emptyDraft, loadDraft, type TariffDraft } from '../lib/tariff-draft';
import '../../../components/shared-ui.css';
import '../components/tariff-pages.css';
import './new-tariff-page.css';

export const newTariffTexts = {
  title: 'Новый тариф',
  readOnlyTitle: 'Только просмотр',
  readOnlyText:
    'Создавать тарифы могут владелец и управляющий сети. Если нужен новый тариф — обратитесь к ним.',
  backToTariffs: 'Вернуться к тарифам',
  draftQuestion: 'Продолжить с того места, где вы остановились, или начать заново?',
  continue: 'Продолжить',
  startOver: 'Начать заново',
} as const;
const t = newTariffTexts;

/**
 * `/station/{id}/tariffs/new` (S2 §2, §4 «Tariff creation»): name and services, then a price and a
 * duration per car category; the draft is kept per station and offered back on the next visit.
 * Owners and principals create; everyone else sees a note and the way back.
 */
export function NewTariffPage() {
  const { station, canManage } = useStationContext();
  const phone = useViewport() === 'mobile';
  const navigate = useNavigate();
  const back = `/station/${station.id}/tariffs`;
  const init = useOwnTariffInit(station.id, canManage);
  // Read once: later changes are this page's own saves.
  const [found] = useState<TariffDraft | null>(() => (canManage ? loadDraft(station.id) : null));
  const [start, setStart] = useState<TariffDraft | null>(found ? null : emptyDraft());

  const draftName = found?.name.trim();
  const question = useMemo(
    () => (draftName ? `Вы начали создавать тариф «${draftName}». ${t.draftQuestion}` : t.draftQuestion),
    [draftName],
  );

  let body;
  if (!canManage) {
    body = (
      <Alert
        type="info"
        showIcon
        title={t.readOnlyTitle}
        description={
          <div className="new-tariff__notice">
            <span>{t.readOnlyText}</span>
            <Link to={back}>{t.backToTariffs}</Link>
          </div>
        }
      />
    );
  } else if (init.isError) {
    body = (
      <RetryAlert
        title={m.initFailed}
        description={friendlyMessage(init.error)}
        onRetry={() => void init.refetch()}
      />
    );
  } else if (init.isPending || !start) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <NewTariffForm
        stationId={station.id}
        init={init.data}
        start={start}
        phone={phone}
        onCreated={() => navigate(back)}
      />
    );
  }

  return (
    <div className={`page-column new-tariff${phone ? ' page-column--phone' : ''}`}>
      <Link to={back} className="tariff-page__back">
        <ArrowLeftOutlined aria-hidden="true" /> Тарифы
      </Link>
      <PageTitle title={t.title} station={station.name} stacked={phone} />
      {body}
      <Modal
        open={!!found && !start}
        title={m.draftFound}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        centered
        footer={[
          <Button
            key="over"
            onClick={() => {
              clearDraft(station.id);
              setStart(emptyDraft());
            }}
          >
            {t.startOver}
          </Button>,
          <Button key="continue" type="primary" autoFocus onClick={() => setStart(found)}>
            {t.continue}
          </Button>,
        ]}
      >
        <p>{question}</p>
      </Modal>
    </div>
  );
}
