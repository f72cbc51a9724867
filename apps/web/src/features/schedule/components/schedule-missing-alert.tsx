import { Link } from 'react-router';
import { Alert } from 'antd';
import { settingsMessages, workingDays, type Station } from '@crm/shared';

/**
 * S1 §2: a station without a single working day cannot place orders in time; the calendar says so and leads
 * straight to the schedule settings.
 */
export function ScheduleMissingAlert({ station }: { station: Pick<Station, 'id' | 'worktime_by_day'> }) {
  if (workingDays(station.worktime_by_day).length > 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={settingsMessages.scheduleMissing}
      description="Без графика записи нельзя распределить по времени."
      action={
        <Link
          to={`/station/${encodeURIComponent(station.id)}/settings/schedule`}
          style={{ display: 'inline-flex', alignItems: 'center', minHeight: 40 }}
        >
          {settingsMessages.goToSettings}
        </Link>
      }
    />
  );
}
