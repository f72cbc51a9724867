import { Button, Skeleton } from 'antd';
import type { TariffConfig } from '@crm/shared';
import { useTariffHistory } from '../api/tariff-history';
import { describeChange } from '../lib/tariff-edit-form';
import { serviceName } from '../lib/tariff-view';
import { tariffsMessages as t } from '../lib/tariffs-messages';

/** Who changed the tariff's prices, durations and status, and when (newest first, station time). */
export function PriceHistory({
  stationId,
  tariffId,
  timeZone,
  config,
  inWindow = false,
}: {
  stationId: string;
  tariffId: string;
  timeZone: string;
  config: TariffConfig | undefined;
  /** In a window that names it (a robot programme's «История цены»): no heading of its own, a price only. */
  inWindow?: boolean;
}) {
  const history = useTariffHistory(stationId, tariffId);
  const nameOf = (key: string) => (config ? serviceName(config, key) : key);

  let body;
  if (history.isPending)
    body = (
      <div role="status" aria-label="Загрузка истории">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  else if (history.isError)
    body = (
      <div className="tariff-card__error" role="alert">
        <span>{t.historyFailed}</span>
        <Button size="small" onClick={() => void history.refetch()} loading={history.isFetching}>
          {t.retry}
        </Button>
      </div>
    );
  else if (history.data.length === 0)
    body = <p className="tariff-card__muted">{inWindow ? t.fixedHistoryEmpty : t.historyEmpty}</p>;
  else
    body = (
      <ol className="price-history">
        {history.data.map((change) => {
          const line = describeChange(change, timeZone, nameOf);
          return (
            <li key={change.id} className="price-history__item">
              <time dateTime={change.changed_at} className="price-history__when">
                {line.when}
              </time>
              <span className="price-history__sep" aria-hidden="true">
                {' · '}
              </span>
              <span className="price-history__who">{line.who}</span>
              <span className="price-history__sep" aria-hidden="true">
                {' · '}
              </span>
              <span className="price-history__what">{line.what}</span>
            </li>
          );
        })}
      </ol>
    );

  if (inWindow) return body;
  return (
    <section className="tariff-detail__section" aria-labelledby="tariff-history-title">
      <h2 id="tariff-history-title" className="tariff-detail__title">
        {t.history}
      </h2>
      {body}
    </section>
  );
}
