import { positionLabels, type Shift, type ShiftsResponse, type ShiftStaff } from '@crm/shared';
import { cellOf, dayHeading, shiftCells, weekHours } from '../lib/shift-plan';
import { ShiftCell } from './shift-cell';

export interface CellTarget {
  person: ShiftStaff;
  date: string;
  shift: Shift | null;
}

interface ShiftViewProps {
  plan: ShiftsResponse;
  today: string;
  /** Present for those who plan: a cell opens its editor. */
  onEdit?: (target: CellTarget) => void;
}

/** Desktop: the staff × the week's seven days, today's column marked, the week's hours at the end. */
export function ShiftWeekGrid({ plan, today, onEdit }: ShiftViewProps) {
  const cells = shiftCells(plan.shifts);
  return (
    <div className="shift-grid-wrap">
      <table className="shift-grid" aria-label="График смен на неделю">
        <colgroup>
          <col className="shift-grid__person-col" />
          {plan.days.map((d) => (
            <col key={d} />
          ))}
          <col className="shift-grid__hours-col" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="shift-grid__person">
              Сотрудник
            </th>
            {plan.days.map((date) => {
              const { weekday, dayMonth } = dayHeading(date);
              return (
                <th
                  key={date}
                  scope="col"
                  className={date === today ? 'shift-grid__today' : undefined}
                  aria-current={date === today ? 'date' : undefined}
                >
                  <span className="shift-grid__day">{weekday}</span>
                  <span className="shift-grid__date">{dayMonth}</span>
                </th>
              );
            })}
            <th scope="col">Часы</th>
          </tr>
        </thead>
        <tbody>
          {plan.staff.map((person) => (
            <tr key={person.id}>
              <th scope="row" className="shift-grid__person">
                <span className="shift-grid__name" title={person.name}>
                  {person.name}
                </span>
                <span className="shift-grid__position">{positionLabels[person.position]}</span>
              </th>
              {plan.days.map((date) => {
                const shift = cellOf(cells, person.id, date);
                const { weekday, dayMonth } = dayHeading(date);
                return (
                  <td key={date}>
                    <ShiftCell
                      shift={shift}
                      about={`${person.name}, ${weekday} ${dayMonth}`}
                      onEdit={onEdit ? () => onEdit({ person, date, shift }) : undefined}
                    />
                  </td>
                );
              })}
              <td className="shift-grid__hours">{weekHours(plan.shifts, person.id)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phone (390 px): a card per day with everyone's shift or day off, instead of the wide grid. */
export function ShiftDayList({ plan, today, onEdit }: ShiftViewProps) {
  const cells = shiftCells(plan.shifts);
  return (
    <ul className="shift-days" aria-label="График смен по дням">
      {plan.days.map((date) => {
        const { weekday, dayMonth } = dayHeading(date);
        const working = plan.staff.filter((p) => cellOf(cells, p.id, date)).length;
        return (
          <li key={date} className={`shift-day${date === today ? ' shift-day--today' : ''}`}>
            <h2 className="shift-day__head" aria-current={date === today ? 'date' : undefined}>
              <span>
                {weekday} {dayMonth}
                {date === today && ' · Сегодня'}
              </span>
              <span className="shift-day__count">На смене: {working}</span>
            </h2>
            <ul className="shift-day__rows">
              {plan.staff.map((person) => {
                const shift = cellOf(cells, person.id, date);
                return (
                  <li key={person.id} className="shift-day__row">
                    <span className="shift-day__person">{person.name}</span>
                    <ShiftCell
                      shift={shift}
                      about={`${person.name}, ${weekday} ${dayMonth}`}
                      onEdit={onEdit ? () => onEdit({ person, date, shift }) : undefined}
                    />
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
