import { Link } from 'react-router';
import { shiftMessages, weekStartOf } from '@crm/shared';
import { useShiftsWeek } from '../api/shifts';
import { onShiftOn } from '../lib/shift-plan';
import './on-shift.css';

/**
 * The calendar's day view: who is on shift that day («На смене: Ирина Волкова 08:00–20:00, …»), a link to
 * the plan. Nothing while it loads, when it fails or when nobody is planned: the calendar stays as it was.
 */
export function OnShiftLine({ stationId, date }: { stationId: string; date: string }) {
  const week = useShiftsWeek(stationId, weekStartOf(date));
  const people = week.data ? onShiftOn(week.data, date) : [];
  if (people.length === 0) return null;
  return (
    <section className="on-shift" aria-label={shiftMessages.onShift}>
      <Link
        className="on-shift__title"
        to={`/station/${encodeURIComponent(stationId)}/employees/schedule?week=${date}`}
      >
        {shiftMessages.onShift}:
      </Link>
      <ul className="on-shift__list">
        {people.map((p) => (
          <li key={p.id} className="on-shift__who">
            {p.name} <span className="on-shift__time">{p.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
