import { Checkbox } from 'antd';
import { serviceMinutes } from '../lib/new-tariff-form';

export interface ServiceOption {
  id: string;
  name: string;
}

interface ServiceChecklistProps {
  /** From Form.Item. */
  id?: string;
  value?: string[];
  onChange?(value: string[]): void;
  options: readonly ServiceOption[];
  /** The group's accessible name. */
  label: string;
  /** From Form.Item, so the error below is read with the group. */
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  disabled?: boolean;
  /** Shown instead of an empty group. */
  emptyText?: string;
}

/** Services as checkbox cards (S2 §2 «/tariffs/new» step 1): a click or Space anywhere on a card picks it. */
export function ServiceChecklist(props: ServiceChecklistProps) {
  const { id, value = [], onChange, options, label, disabled, emptyText } = props;
  if (options.length === 0 && emptyText) return <p className="service-checklist__empty">{emptyText}</p>;
  return (
    <div
      id={id}
      role="group"
      aria-label={label}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
    >
      <Checkbox.Group
        className="service-checklist"
        value={value}
        disabled={disabled}
        onChange={(next) => onChange?.(next as string[])}
      >
        {options.map((option) => (
          <Checkbox key={option.id} value={option.id} className="service-checklist__option">
            <span className="service-checklist__name">{option.name}</span>
            <span className="service-checklist__minutes">≈ {serviceMinutes(option.id)} мин</span>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </div>
  );
}
