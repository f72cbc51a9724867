import type { KeyboardEvent, MouseEvent } from 'react';
import { Link } from 'react-router';
import { Card, Flex, Tag, Typography, theme } from 'antd';
import {
  CalendarOutlined,
  ClockCircleOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { formatDayHours, formatRub, stationClock, type Station } from '@crm/shared';
import type { StationToday } from '../api/stations-today';
import { boxesLabel } from '../lib/format';
import { OpenStateTag } from './open-state-tag';
import './stations.css';
import './station-card.css';

interface StationCardProps {
  station: Station;
  now: Date;
  lastUsed?: boolean;
  /** Today's figures, for those who may see them (owner, principal, administrator). */
  today?: StationToday;
  onOpen(station: Station): void;
  /** Opens a section of the station: '' is the calendar, 'dashboard' the summary. */
  onOpenSection(station: Station, section: '' | 'dashboard'): void;
}

const activateOnKey = (action: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    action();
  }
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      {/* Wraps instead of cutting: «Круглосуточно» must stay whole on a 390 px phone. */}
      <Typography.Text strong className="station-card__fact-value">
        {value}
      </Typography.Text>
    </Flex>
  );
}

/** «Сегодня»: orders, new, in progress and revenue on the station's clock. */
export function TodayFigures({ today }: { today: StationToday }) {
  const { token } = theme.useToken();
  const cells: [string, string, boolean][] = [
    // The whole day's bookings, ahead included: the dashboard's «Заказы» for today counts those begun by now.
    ['Записей', String(today.orders), false],
    ['Новые', String(today.new_orders), today.new_orders > 0],
    ['В работе', String(today.processing), false],
    ['Выручка', formatRub(today.revenue), false],
  ];
  return (
    <dl className="station-today" style={{ background: token.colorFillQuaternary }}>
      {cells.map(([label, value, alert]) => (
        <div key={label} className="station-today__cell">
          <dt>{label}</dt>
          <dd style={alert ? { color: token.colorWarningText } : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One station on the picker: name, address, boxes, today's hours and the station's own time, today's
 * figures when the user may see them; the card opens the calendar, the links below it the calendar or
 * the summary. The links are siblings of the card's button, never inside it (nested controls confuse
 * screen readers).
 */
export function StationCard({ station, now, lastUsed, today, onOpen, onOpenSection }: StationCardProps) {
  const { token } = theme.useToken();
  const clock = stationClock(station.time_zone, now);
  const open = () => onOpen(station);
  const path = `/station/${encodeURIComponent(station.id)}`;
  const section = (to: '' | 'dashboard') => (e: MouseEvent) => {
    e.preventDefault();
    onOpenSection(station, to);
  };
  return (
    <Card
      hoverable
      className="station-card"
      styles={{ body: { padding: 0, height: '100%', display: 'flex', flexDirection: 'column' } }}
    >
      <Flex
        vertical
        gap={16}
        role="button"
        tabIndex={0}
        onClick={open}
        onKeyDown={activateOnKey(open)}
        className="station-card__main"
        style={{ padding: 20, flex: 1 }}
      >
        <Flex justify="space-between" align="start" gap={12}>
          <Flex gap={12} align="center" style={{ minWidth: 0 }}>
            <div
              className="station-card__badge"
              style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}
              aria-hidden
            >
              {station.name.trim().charAt(0).toUpperCase()}
            </div>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
                {station.name}
              </Typography.Title>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
                <EnvironmentOutlined /> {station.address || 'Адрес не указан'}
              </Typography.Text>
            </Flex>
          </Flex>
          <RightOutlined style={{ color: token.colorTextTertiary, marginTop: 6 }} />
        </Flex>
        <Flex wrap gap={6}>
          <OpenStateTag
            worktime={station.worktime_by_day}
            clock={clock}
            inProgress={today?.processing ?? station.in_progress}
          />
          {lastUsed && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              Последняя выбранная
            </Tag>
          )}
        </Flex>
        <div className="station-card__facts" style={{ borderTopColor: token.colorBorderSecondary }}>
          <Fact label="Боксы" value={boxesLabel(station.boxes.length)} />
          <Fact label="Сегодня" value={formatDayHours(station.worktime_by_day, clock.day)} />
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Местное время
            </Typography.Text>
            <Typography.Text strong className="station-card__fact-value">
              <ClockCircleOutlined style={{ color: token.colorTextTertiary }} /> {clock.time}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
                {clock.offset}
              </Typography.Text>
            </Typography.Text>
          </Flex>
        </div>
        {today && <TodayFigures today={today} />}
      </Flex>
      <nav
        className="station-card__links"
        aria-label={`Разделы станции ${station.name}`}
        style={{ borderTopColor: token.colorBorderSecondary }}
      >
        <Link to={path} onClick={section('')} aria-label={`Расписание: ${station.name}`}>
          <CalendarOutlined aria-hidden /> Расписание
        </Link>
        <Link to={`${path}/dashboard`} onClick={section('dashboard')} aria-label={`Сводка: ${station.name}`}>
          <DashboardOutlined aria-hidden /> Сводка
        </Link>
      </nav>
    </Card>
  );
}

/** The «Добавить объект» card at the end of the list. */
export function AddStationCard({ onClick }: { onClick(): void }) {
  const { token } = theme.useToken();
  return (
    <Card
      role="button"
      tabIndex={0}
      onClick={onClick}
      onKeyDown={activateOnKey(onClick)}
      className="station-card station-card--add"
      style={{ borderColor: token.colorBorder, background: 'transparent' }}
      styles={{ body: { height: '100%', padding: 20 } }}
    >
      <Flex vertical align="center" justify="center" gap={10} style={{ height: '100%', minHeight: 150 }}>
        <div
          className="station-card__badge"
          style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}
          aria-hidden
        >
          <PlusOutlined />
        </div>
        <Typography.Text strong>Добавить объект</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13, textAlign: 'center' }}>
          Новая мойка: адрес, боксы и режим работы
        </Typography.Text>
      </Flex>
    </Card>
  );
}
