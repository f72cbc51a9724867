import { Alert } from 'antd';
import { addDays } from '@crm/shared';
import { useOnline } from '../../../lib/use-online';

const dayKey = (ms: number, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);

/** When the shown data was saved, on the station's clock: «сегодня в 14:05», «вчера в 9:12», «26 ноября в 18:40». */
export function savedAtText(savedMs: number, nowMs: number, zone: string): string {
  const time = new Intl.DateTimeFormat('ru-RU', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(savedMs);
  const saved = dayKey(savedMs, zone);
  const today = dayKey(nowMs, zone);
  if (saved === today) return `сегодня в ${time}`;
  if (saved === addDays(today, -1)) return `вчера в ${time}`;
  const sameYear = saved.slice(0, 4) === today.slice(0, 4);
  const date = new Intl.DateTimeFormat('ru-RU', {
    timeZone: zone,
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(savedMs);
  return `${date} в ${time}`;
}

/** The mark's title: what is shown and from when; null `savedMs` when these days were never saved. */
export function offlineScheduleText(savedMs: number | null, nowMs: number, zone: string): string {
  return savedMs
    ? `Нет сети. Показано расписание, сохранённое ${savedAtText(savedMs, nowMs, zone)}`
    : 'Нет сети. Расписание на эти дни не сохранено';
}

/**
 * Offline (issue 39), over the calendar: the orders shown are the saved ones, from when, and why nothing can
 * be changed. Gone once the network is back (and the calendar refreshes by itself).
 */
export function OfflineSnapshotMark({ savedAt, zone }: { savedAt: number | null; zone: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      className="offline-mark"
      type="warning"
      showIcon
      role="status"
      title={
        <>
          <strong>{offlineScheduleText(savedAt, Date.now(), zone)}</strong>.{' '}
          <span>Изменения недоступны, расписание обновится само, когда связь вернётся.</span>
        </>
      }
    />
  );
}
