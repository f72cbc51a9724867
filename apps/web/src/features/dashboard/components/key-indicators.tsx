import { Skeleton, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import type { StationRating } from '@crm/shared';
import { buildIndicators, formatTrend, type Indicator } from '../lib/indicators';

const toneWords = { good: 'хорошо', bad: 'плохо', flat: 'без изменений' } as const;

function TrendChip({ indicator }: { indicator: Indicator }) {
  const { trend, tone, previousText } = indicator;
  if (trend === null) return <span className="dash-trend dash-trend--none">нет данных для сравнения</span>;
  const icon = trend > 0 ? <ArrowUpOutlined /> : trend < 0 ? <ArrowDownOutlined /> : <MinusOutlined />;
  return (
    <Tooltip title={`Прошлый период: ${previousText}`}>
      <span className={`dash-trend dash-trend--${tone}`} data-tone={tone}>
        <span aria-hidden="true">{icon}</span> {formatTrend(trend)}
        <span className="visually-hidden">
          {' '}
          к прошлому периоду (было {previousText}), {toneWords[tone]}
        </span>
      </span>
    </Tooltip>
  );
}

/** The key indicators of S1 §2 for the period, each with its trend against the previous period. */
export function KeyIndicators({
  current,
  previous,
}: {
  current: StationRating;
  previous: StationRating | undefined;
}) {
  return (
    <ul className="dash-kpis" aria-label="Ключевые показатели">
      {buildIndicators(current, previous).map((indicator) => (
        <li key={indicator.key} className="dash-kpi" data-indicator={indicator.key}>
          <span className="dash-kpi__label">{indicator.label}</span>
          <span className="dash-kpi__value">{indicator.text}</span>
          <TrendChip indicator={indicator} />
        </li>
      ))}
    </ul>
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
