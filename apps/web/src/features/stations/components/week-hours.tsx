import { Flex, Typography, theme } from 'antd';
import { weekDayShort, weekSchedule, type WeekDay, type WorktimeByDay } from '@crm/shared';
import { weekDayNames } from '../lib/format';

/** The week's working hours, Monday first, today (on the station's clock) highlighted. */
export function WeekHours({ worktime, today }: { worktime: WorktimeByDay; today: WeekDay }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2} role="list" aria-label="Режим работы по дням">
      {weekSchedule(worktime).map((row) => {
        const isToday = row.day === today;
        return (
          <Flex
            key={row.day}
            role="listitem"
            justify="space-between"
            align="center"
            style={{
              padding: '7px 12px',
              borderRadius: token.borderRadius,
              background: isToday ? token.colorPrimaryBg : undefined,
            }}
          >
            <Typography.Text strong={isToday}>
              <span
                style={{
                  display: 'inline-block',
                  width: 30,
                  color: isToday ? token.colorPrimary : undefined,
                }}
              >
                {weekDayShort[row.day]}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {weekDayNames[row.day]}
                {isToday ? ' · сегодня' : ''}
              </Typography.Text>
            </Typography.Text>
            <Typography.Text strong={isToday} type={row.hours ? undefined : 'secondary'}>
              {row.label}
            </Typography.Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
