import { Button, Card, Col, Descriptions, Flex, Grid, Row, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { formatDayHours, fromPoint, stationClock, timeZoneLabel, type Station } from '@crm/shared';
import { boxesLabel, boxStatusLabel } from '../lib/format';
import { useNow } from '../lib/use-now';
import { useStationContext } from '../lib/station-context';
import { MapView } from '../components/map-view';
import { OpenStateTag } from '../components/open-state-tag';
import { WeekHours } from '../components/week-hours';
import { ExternalStationNote } from '../components/external-station-note';
import '../components/stations.css';
import { Page } from '../../../components/page';

function Stat({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint?: string;
}) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  return (
    <Flex gap={12} align="start">
      {screens.md && (
        <div
          className="station-card__badge"
          style={{ background: token.colorPrimaryBg, color: token.colorPrimary, fontSize: 18 }}
          aria-hidden
        >
          {icon}
        </div>
      )}
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {label}
        </Typography.Text>
        <Typography.Text strong style={{ fontSize: screens.md ? 22 : 18, lineHeight: 1.25 }}>
          {value}
        </Typography.Text>
        {hint && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}

function Boxes({ station }: { station: Station }) {
  const { token } = theme.useToken();
  const free = station.boxes.filter((b) => b.status === 'Free').length;
  return (
    <Card
      title="Боксы"
      extra={
        <Typography.Text type="secondary">
          свободно {free} из {station.boxes.length}
        </Typography.Text>
      }
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 10 }}>
        {[...station.boxes]
          .sort((a, b) => a.number - b.number)
          .map((box) => {
            const status = boxStatusLabel(box.status);
            return (
              <Flex
                key={box.number}
                vertical
                gap={6}
                style={{
                  padding: '12px 14px',
                  borderRadius: token.borderRadiusLG,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  background: token.colorFillQuaternary,
                }}
              >
                <Typography.Text strong>Бокс {box.number}</Typography.Text>
                <Tag color={status.color} style={{ alignSelf: 'start', marginInlineEnd: 0 }}>
                  {status.label}
                </Tag>
              </Flex>
            );
          })}
      </div>
    </Card>
  );
}

const onOff = (on: boolean) => (on ? 'Включена' : 'Выключена');

/**
 * `/station/{id}`: the station at a glance — where it is, its boxes, this week's hours with today
 * highlighted, the slot length and the time on the station's own clock.
 */
export function StationOverviewPage() {
  const { station, external, canManage } = useStationContext();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const now = useNow();
  const clock = stationClock(station.time_zone, now);
  const point = fromPoint(station.location);
  const toSettings = () => navigate(`/station/${station.id}/settings`);

  return (
    <Page>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <Flex vertical gap={6} style={{ minWidth: 0 }}>
          <Typography.Title level={screens.md ? 2 : 3} style={{ margin: 0 }}>
            {station.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            <EnvironmentOutlined /> {station.address || 'Адрес не указан'}
          </Typography.Text>
          <Flex wrap gap={6}>
            <OpenStateTag worktime={station.worktime_by_day} clock={clock} />
            {external && <Tag color="warning">Внешняя станция</Tag>}
            {!station.enable && <Tag color="error">Станция отключена</Tag>}
          </Flex>
        </Flex>
        <Button icon={<SettingOutlined />} onClick={toSettings} type={canManage ? 'primary' : 'default'}>
          {canManage ? 'Настройки станции' : 'Параметры станции'}
        </Button>
      </Flex>

      {external && <ExternalStationNote />}
      <Card styles={{ body: { padding: screens.md ? 24 : 16 } }}>
        <Row gutter={[24, 16]}>
          <Col xs={12} md={6}>
            <Stat
              icon={<ClockCircleOutlined />}
              label="Местное время"
              value={clock.time}
              hint={`${dayjs(clock.date).format('dd, D MMMM')} · ${clock.offset}`}
            />
          </Col>
          <Col xs={12} md={6}>
            <Stat
              icon={<CalendarOutlined />}
              label="Сегодня"
              value={formatDayHours(station.worktime_by_day, clock.day)}
            />
          </Col>
          <Col xs={12} md={6}>
            <Stat icon={<AppstoreOutlined />} label="Боксы" value={boxesLabel(station.boxes.length)} />
          </Col>
          <Col xs={12} md={6}>
            <Stat
              icon={<FieldTimeOutlined />}
              label="Длительность слота"
              value={`${station.slot_duration} мин`}
            />
          </Col>
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Flex vertical gap={16}>
            <Boxes station={station} />
            <Card title="На карте" styles={{ body: { padding: 12 } }}>
              {point ? (
                <MapView point={point} height={screens.md ? 300 : 220} interactive={false} zoom={16} />
              ) : (
                <Flex vertical align="center" gap={8} style={{ padding: 24 }}>
                  <Typography.Text type="secondary">Точка на карте не указана</Typography.Text>
                  {canManage && <Button onClick={toSettings}>Указать в настройках</Button>}
                </Flex>
              )}
            </Card>
          </Flex>
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={16}>
            <Card
              title="Режим работы"
              extra={
                canManage && (
                  <Button type="link" size="small" onClick={toSettings} style={{ paddingInline: 0 }}>
                    Изменить
                  </Button>
                )
              }
              styles={{ body: { padding: 8 } }}
            >
              <WeekHours worktime={station.worktime_by_day} today={clock.day} />
            </Card>
            <Card title="Станция">
              <Descriptions
                column={1}
                size="small"
                colon={false}
                items={[
                  {
                    key: 'tz',
                    label: 'Часовой пояс',
                    children: (
                      <span>
                        <ClockCircleOutlined /> {timeZoneLabel(station.time_zone)}
                      </span>
                    ),
                  },
                  { key: 'slot', label: 'Слот записи', children: `${station.slot_duration} мин` },
                  { key: 'booking', label: 'Онлайн-запись', children: onOff(station.enable_booking) },
                  {
                    key: 'autoaccept',
                    label: 'Автоподтверждение',
                    children: onOff(station.autoaccept_booking),
                  },
                  {
                    key: 'carwash',
                    label: 'ID для партнёров',
                    children: (
                      <Typography.Text copyable={{ text: station.carwash_id }}>
                        {station.carwash_id}
                      </Typography.Text>
                    ),
                  },
                ]}
              />
            </Card>
          </Flex>
        </Col>
      </Row>
    </Page>
  );
}
