import { Link } from 'react-router';
import { Alert } from 'antd';
import { canManageOrders } from '../../../lib/order-rights';
import { useStationContext } from '../../stations/lib/station-context';
import { useCurrentUser } from '../../users/api/current-user';
import { PageTitle } from '../../../components/page-title';
import { useViewport } from '../../../lib/use-media-query';
import './tariffs.css';

export const pricesHiddenTexts = {
  title: 'Тарифы',
  notice: 'Цены тарифов недоступны',
  text: 'Цены тарифов и дополнительных услуг видят владелец, управляющий и администратор станции. Цена каждого заказа — в его карточке в расписании.',
  toSchedule: 'Открыть расписание',
} as const;

/**
 * Whether the signed-in user may not read the station's tariff prices: a worker (issue 38), whom the
 * server answers 403 there. Unknown while the user loads: the pages render as for a price reader.
 */
export function usePricesHidden(): boolean {
  const { station } = useStationContext();
  const me = useCurrentUser();
  return !!me.data && !canManageOrders(me.data.user, station);
}

/** What a worker sees under «Тарифы» instead of cards whose prices the server does not give him. */
export function PricesHiddenPage() {
  const { station } = useStationContext();
  const phone = useViewport() === 'mobile';
  const t = pricesHiddenTexts;
  return (
    <div className={`page-column tariffs-page${phone ? ' page-column--phone tariffs-page--phone' : ''}`}>
      <header className="tariffs-head">
        <PageTitle title={t.title} station={station.name} stacked={phone} />
      </header>
      <Alert
        type="info"
        showIcon
        title={t.notice}
        description={
          <div className="tariffs-hidden__notice">
            <span>{t.text}</span>
            <Link to={`/station/${encodeURIComponent(station.id)}`}>{t.toSchedule}</Link>
          </div>
        }
      />
    </div>
  );
}
