import { theme } from 'antd';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatRub, type StationAnalytics } from '@crm/shared';
import { useTheme } from '../../../lib/theme';
import { ChartFigures } from './chart-figures';
import { hourBars, ordersWord, sourceBars, sourceSeries, statusBars, timeline } from '../lib/chart-data';

// Hues of the calendar's statuses (S1 §2 «Colours»), and one per order source.
const statusColors: Record<string, string> = {
  Accepted: '#f59e0b',
  Booked: '#3b82f6',
  Processing: '#6366f1',
  Completed: '#22c55e',
  Canceled: '#ef4444',
  StationCanceled: '#b91c1c',
  UserCanceled: '#f87171',
};

/** «12 тыс.» on the revenue axis: a full «12 000 ₽» does not fit beside the bars. */
const shortRub = (v: number) => (v >= 1000 ? `${Math.round(v / 1000).toLocaleString('ru-RU')} тыс.` : `${v}`);

/**
 * The dashboard's charts (recharts, loaded with this module only): orders and revenue (money taken, by
 * payment date) over the period, per source the money taken beside the value booked, orders by status,
 * and the busiest starting hours. Colours follow the theme's tokens so
 * the axes and tooltips stay readable in the dark theme.
 */
export default function DashboardCharts({ analytics }: { analytics: StationAnalytics }) {
  const { token } = theme.useToken();
  const { mode } = useTheme();
  const dark = mode === 'dark';
  const axis = { fill: token.colorTextSecondary, fontSize: 12 };
  const grid = token.colorBorderSecondary;
  const tooltip = {
    contentStyle: {
      background: token.colorBgElevated,
      border: `1px solid ${token.colorBorder}`,
      borderRadius: 8,
      color: token.colorText,
    },
    labelStyle: { color: token.colorText, fontWeight: 600 },
    itemStyle: { color: token.colorText },
    cursor: { fill: dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.04)' },
  };
  const revenueColor = dark ? '#4ade80' : '#16a34a';
  const legendStyle = { color: token.colorText, fontSize: 12 };

  const points = timeline(analytics.days);
  const sources = sourceBars(analytics.sources);
  const bookedColor = dark ? '#93c5fd' : '#3b82f6';
  const statuses = statusBars(analytics.statuses);
  const hours = hourBars(analytics.hours);

  return (
    <ChartFigures
      analytics={analytics}
      plots={{
        timeline: (
          <ResponsiveContainer width="100%" height={260}>
            <ComposedChart
              data={points}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
            >
              <CartesianGrid stroke={grid} vertical={false} />
              <XAxis dataKey="label" tick={axis} stroke={grid} interval="preserveStartEnd" minTickGap={8} />
              <YAxis yAxisId="orders" tick={axis} stroke={grid} allowDecimals={false} width={36} />
              <YAxis
                yAxisId="revenue"
                orientation="right"
                tick={axis}
                stroke={grid}
                tickFormatter={shortRub}
                width={56}
              />
              <Tooltip
                {...tooltip}
                labelFormatter={(_, payload) => payload?.[0]?.payload?.title ?? ''}
                formatter={(value, name) =>
                  name === sourceSeries.revenue
                    ? formatRub(Number(value))
                    : Number(value).toLocaleString('ru-RU')
                }
              />
              <Legend wrapperStyle={legendStyle} />
              <Bar
                yAxisId="orders"
                dataKey="orders"
                name="Заказы"
                fill={token.colorPrimary}
                radius={[4, 4, 0, 0]}
                maxBarSize={28}
                isAnimationActive={false}
              />
              <Line
                yAxisId="revenue"
                dataKey="revenue"
                name={sourceSeries.revenue}
                stroke={revenueColor}
                strokeWidth={2}
                dot={points.length <= 31}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        ),
        sources:
          sources.length === 0 ? (
            <p className="dash-chart__empty">Заказов и оплат нет</p>
          ) : (
            <ResponsiveContainer width="100%" height={240}>
              <BarChart
                data={sources}
                accessibilityLayer={false}
                margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
              >
                <CartesianGrid stroke={grid} vertical={false} />
                <XAxis dataKey="name" tick={axis} stroke={grid} />
                <YAxis tick={axis} stroke={grid} tickFormatter={shortRub} width={56} />
                <Tooltip {...tooltip} formatter={(value) => formatRub(Number(value))} />
                <Legend wrapperStyle={legendStyle} />
                <Bar
                  dataKey="revenue"
                  name={sourceSeries.revenue}
                  fill={revenueColor}
                  radius={[4, 4, 0, 0]}
                  maxBarSize={28}
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="booked"
                  name={sourceSeries.booked}
                  fill={bookedColor}
                  radius={[4, 4, 0, 0]}
                  maxBarSize={28}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          ),
        statuses: (
          <ResponsiveContainer width="100%" height={240}>
            <BarChart
              data={statuses}
              accessibilityLayer={false}
              layout="vertical"
              margin={{ top: 4, right: 16, left: 8, bottom: 0 }}
            >
              <CartesianGrid stroke={grid} horizontal={false} />
              <XAxis type="number" tick={axis} stroke={grid} allowDecimals={false} />
              <YAxis type="category" dataKey="name" tick={axis} stroke={grid} width={128} />
              <Tooltip {...tooltip} formatter={(value) => ordersWord(Number(value))} />
              <Bar
                dataKey="orders"
                name="Заказы"
                radius={[0, 4, 4, 0]}
                maxBarSize={22}
                isAnimationActive={false}
              >
                {statuses.map((s) => (
                  <Cell key={s.key} fill={statusColors[s.key] ?? token.colorPrimary} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        ),
        hours: (
          <ResponsiveContainer width="100%" height={220}>
            <BarChart
              data={hours}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
            >
              <CartesianGrid stroke={grid} vertical={false} />
              <XAxis dataKey="label" tick={axis} stroke={grid} interval="preserveStartEnd" minTickGap={4} />
              <YAxis tick={axis} stroke={grid} allowDecimals={false} width={36} />
              <Tooltip {...tooltip} formatter={(value) => ordersWord(Number(value))} />
              <Bar
                dataKey="orders"
                name="Заказы"
                fill={token.colorPrimary}
                radius={[4, 4, 0, 0]}
                maxBarSize={32}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        ),
      }}
    />
  );
}
