import type { KeyboardEvent } from 'react';
import { Card, Flex, Tag, Typography, theme } from 'antd';
import { ClockCircleOutlined, EnvironmentOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { formatDayHours, stationClock, type Station } from '@crm/shared';
import { boxesLabel } from '../lib/format';
import { OpenStateTag } from './open-state-tag';
import './stations.css';

interface StationCardProps {
  station: Station;
  now: Date;
  lastUsed?: boolean;
  onOpen(station: Station): void;
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
      <Typography.Text strong ellipsis>
        {value}
      </Typography.Text>
    </Flex>
  );
}

/** One station on the picker: name, address, boxes, today's hours and the station's own time. */
export function StationCard({ station, now, lastUsed, onOpen }: StationCardProps) {
  const { token } = theme.useToken();
  const clock = stationClock(station.time_zone, now);
  const open = () => onOpen(station);
  return (
    <Card
      hoverable
      role="button"
      tabIndex={0}
      onClick={open}
      onKeyDown={activateOnKey(open)}
      className="station-card"
      styles={{ body: { padding: 20, height: '100%' } }}
    >
      <Flex vertical gap={16} style={{ height: '100%' }}>
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
          <OpenStateTag worktime={station.worktime_by_day} clock={clock} />
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
            <Typography.Text strong>
              <ClockCircleOutlined style={{ color: token.colorTextTertiary }} /> {clock.time}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
                {clock.offset}
              </Typography.Text>
            </Typography.Text>
          </Flex>
        </div>
      </Flex>
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
