import { Skeleton } from 'antd';
import { HoverTooltip } from '../../../components/hover-tooltip';
import { formatRub, type StationAnalytics } from '@crm/shared';
import { buildIndicators, formatTrend, type Indicator } from '../lib/indicators';

const toneWords = { good: 'хорошо', bad: 'плохо', flat: 'без изменений' } as const;

/**
 * The trend with what it compares: the tooltip (hover or keyboard focus) and, for screen readers, the
 * same words inside the chip — «Сегодня до 14:30 против понедельника 16 ноября до 14:30. Было 3 850 ₽,
 * стало 4 200 ₽».
 */
function TrendChip({ indicator, compared }: { indicator: Indicator; compared: string }) {
  const { trend, tone, previousText, text } = indicator;
  if (trend === null) return <span className="dash-trend dash-trend--none">нет данных для сравнения</span>;
  // Arrows as text: three icon modules were ≈ 0.3 KB gzip of the dashboard's first load (web-size budget).
  const arrow = trend > 0 ? '↑' : trend < 0 ? '↓' : '–';
  // The card's own number is «стало»: the chip is the change between exactly these two.
  const values = `Было ${previousText}, стало ${text}`;
  return (
    <HoverTooltip
      onTouch="tap"
      title={
        <span className="dash-trend__tip">
          <span>{compared}</span>
          <span>{values}</span>
        </span>
      }
    >
      {/* Focusable, so the comparison is reachable from the keyboard, not only by a mouse. */}
      <span className={`dash-trend dash-trend--${tone}`} data-tone={tone} tabIndex={0}>
        <span aria-hidden="true">{arrow}</span> {formatTrend(trend)}
        <span className="visually-hidden">
          {' '}
          {compared}. {values}, {toneWords[tone]}
        </span>
      </span>
    </HoverTooltip>
  );
}

/**
 * The key indicators of S1 §2 for the period, each with its trend (issue 38: one period, one comparison).
 * The line above them says what is shown and compared; «Заказы» says what the live orders were booked for
 * and «Выручка (оплачено)» is the money taken — the sources chart's two series add up to these.
 */
export function KeyIndicators({
  analytics,
  comparedText,
}: {
  analytics: StationAnalytics;
  comparedText: string;
}) {
  return (
    <>
      <p className="dash-kpis__compared">{comparedText}</p>
      <ul className="dash-kpis" aria-label="Ключевые показатели">
        {buildIndicators(analytics.indicators).map((indicator) => (
          <li key={indicator.key} className="dash-kpi" data-indicator={indicator.key}>
            <span className="dash-kpi__label">{indicator.label}</span>
            <span className="dash-kpi__value">{indicator.text}</span>
            {indicator.key === 'all_orders' && (
              <span className="dash-kpi__note">
                забронировано на {formatRub(analytics.rating.all_orders_sum)}
              </span>
            )}
            <TrendChip indicator={indicator} compared={comparedText} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function KeyIndicatorsSkeleton() {
  return (
    <ul className="dash-kpis" aria-busy="true" aria-label="Загрузка показателей">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="dash-kpi">
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 1, width: '40%' }} />
        </li>
      ))}
    </ul>
  );
}
