import { Button, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { slotGroupLabels, type Slot, type SlotGroup, type SlotStatus } from '@crm/shared';

const statusWords: Record<SlotStatus, string> = {
  Free: 'свободен',
  Blocked: 'заблокирован',
  Busy: 'занят',
};

/** «Свободно боксов: 2 из 4», then why the rest are not free. */
export function boxSummary(slot: Slot): string {
  const total = slot.free_boxes + slot.blocked_boxes + slot.busy_boxes;
  const parts = [`Свободно боксов: ${slot.free_boxes} из ${total}`];
  if (slot.busy_boxes > 0) parts.push(`заняты заказами: ${slot.busy_boxes}`);
  if (slot.blocked_boxes > 0) parts.push(`заблокированы: ${slot.blocked_boxes}`);
  return parts.join(', ');
}

function slotLabel(slot: Slot): string {
  // Starts with the button's visible text (axe: label-content-name-mismatch).
  return `${slot.start}–${slot.end} ${statusWords[slot.status]}. ${boxSummary(slot)}`;
}

function SlotContent({ slot }: { slot: Slot }) {
  return (
    <>
      <span className="slot__time">
        {slot.start}–{slot.end}
      </span>
      {slot.status === 'Busy' && ' '}
      {slot.status === 'Busy' && (
        <span className="slot__note" aria-hidden="true">
          занят
        </span>
      )}
    </>
  );
}

interface SlotGridProps {
  groups: { group: SlotGroup; slots: Slot[] }[];
  /** False for a worker: statuses only, nothing that would be refused. */
  canToggle: boolean;
  pending: ReadonlySet<string>;
  onToggle(slot: Slot): void;
}

/** «Утро», «День», «Вечер», «Ночь» with their slots, in a grid that wraps on a phone. */
export function SlotGrid({ groups, canToggle, pending, onToggle }: SlotGridProps) {
  return (
    <div className="slot-groups">
      {groups.map(({ group, slots }) => (
        <section key={group} className="slot-group" aria-labelledby={`slot-group-${group}`}>
          <h3 id={`slot-group-${group}`}>{slotGroupLabels[group]}</h3>
          <ul className="slot-grid">
            {slots.map((slot) => (
              <li key={slot.id}>
                <Tooltip title={boxSummary(slot)}>
                  {canToggle ? (
                    <Button
                      block
                      className={`slot slot--${slot.status.toLowerCase()}`}
                      {...statusLook(slot.status)}
                      icon={slot.status === 'Blocked' ? <LockOutlined /> : undefined}
                      loading={pending.has(slot.id)}
                      // Busy stays focusable and clickable: the click explains why nothing happens.
                      aria-disabled={slot.status === 'Busy' || undefined}
                      aria-label={slotLabel(slot)}
                      onClick={() => onToggle(slot)}
                    >
                      <SlotContent slot={slot} />
                    </Button>
                  ) : (
                    // Focusable so the keyboard, too, brings up the box counts.
                    <span className={`slot slot--readonly slot--${slot.status.toLowerCase()}`} tabIndex={0}>
                      {slot.status === 'Blocked' && <LockOutlined aria-hidden="true" />}
                      <SlotContent slot={slot} />
                      <span className="visually-hidden">
                        , {statusWords[slot.status]}. {boxSummary(slot)}
                      </span>
                    </span>
                  )}
                </Tooltip>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** antd's own colour roles, so both themes keep their contrast. */
function statusLook(status: SlotStatus) {
  if (status === 'Blocked') return { color: 'danger', variant: 'filled' } as const;
  if (status === 'Busy') return { color: 'default', variant: 'filled' } as const;
  return { color: 'default', variant: 'outlined' } as const;
}
