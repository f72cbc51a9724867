import { shiftLabel, shiftMessages, type Shift } from '@crm/shared';

interface ShiftCellProps {
  shift: Shift | null;
  /** «Ирина Волкова, ПН 23.11»: what the cell is about, for its accessible name. */
  about: string;
  onEdit?: () => void;
}

/** A person's day: «08:00–20:00» or a day off; a button for those who plan, text for the others. */
export function ShiftCell({ shift, about, onEdit }: ShiftCellProps) {
  const text = shift ? shiftLabel(shift) : shiftMessages.dayOff;
  const className = `shift-cell${shift ? ' shift-cell--on' : ''}`;
  if (!onEdit)
    return (
      <span className={className} aria-label={`${about}: ${text}`}>
        {shift ? text : '—'}
      </span>
    );
  return (
    <button type="button" className={className} aria-label={`${about}: ${text}`} onClick={onEdit}>
      {shift ? text : '—'}
    </button>
  );
}
