import { Button, Card, Flex, Typography } from 'antd';
import { UserDeleteOutlined } from '@ant-design/icons';
import { displayPhone, onlineBookingMessages as m, type DataRemovalRequest } from '@crm/shared';
import { useFeedback } from '../../../../lib/feedback';
import { useNotify } from '../../../../lib/notify';
import { inStationZone } from '../../../../lib/station-time';
import { useConfirmDataRemoval } from '../api/confirm-data-removal';
import { onlineBookingTexts as t } from '../lib/texts';

interface DataRemovalCardProps {
  stationId: string;
  timeZone: string;
  requests: DataRemovalRequest[];
  readOnly: boolean;
}

/** «Запросы на удаление данных» (152-ФЗ): drivers' requests from their manage links, for the owner to confirm. */
export function DataRemovalCard({ stationId, timeZone, requests, readOnly }: DataRemovalCardProps) {
  const { modal } = useFeedback();
  const notify = useNotify();
  const remove = useConfirmDataRemoval(stationId);

  const ask = (request: DataRemovalRequest) =>
    modal.confirm({
      title: t.removeTitle,
      content: t.removeText,
      okText: t.removeOk,
      okButtonProps: { danger: true },
      cancelText: t.cancel,
      onOk: async () => {
        try {
          await remove.mutateAsync(request.id);
          notify.success(m.dataRemoved);
        } catch (error) {
          notify.error(error, t.removeFailed);
        }
      },
    });

  return (
    <Card
      title={
        <Flex gap={10} align="center">
          <UserDeleteOutlined aria-hidden />
          {t.removalCard}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t.removalIntro}</Typography.Text>
        <ul className="ob-removals" aria-label={t.removalCard}>
          {requests.map((request) => (
            <li key={request.id} className="ob-removals__row">
              <dl className="ob-removals__facts">
                <div>
                  <dt>{t.removalDate}</dt>
                  <dd>{inStationZone(request.requested_at, timeZone)?.format('DD.MM.YYYY, HH:mm')}</dd>
                </div>
                <div>
                  <dt>{t.removalName}</dt>
                  <dd>{request.name || '—'}</dd>
                </div>
                <div>
                  <dt>{t.removalPhone}</dt>
                  <dd>{request.phone ? displayPhone(request.phone) : '—'}</dd>
                </div>
                <div>
                  <dt>{t.removalOrder}</dt>
                  <dd>{request.order_number === null ? '—' : `№ ${request.order_number}`}</dd>
                </div>
              </dl>
              <Button
                danger
                disabled={readOnly}
                loading={remove.isPending && remove.variables === request.id}
                onClick={() => ask(request)}
                aria-label={`${t.remove}: ${request.name || displayPhone(request.phone)}`}
                className="ob-removals__action"
              >
                {t.remove}
              </Button>
            </li>
          ))}
        </ul>
      </Flex>
    </Card>
  );
}
