import { useId } from 'react';
import { Button, Select } from 'antd';
import { CloseOutlined, UndoOutlined } from '@ant-design/icons';
import type { ServiceMark } from '../lib/tariff-edit-form';
import { tariffsMessages as t } from '../lib/tariffs-messages';

interface ServiceListEditorProps {
  label: string;
  services: ServiceMark[];
  /** Services that may be added here: not in this list nor the other one. */
  options: { value: string; label: string }[];
  nameOf(key: string): string;
  onChange(next: ServiceMark[]): void;
  error?: string;
}

/**
 * Included or extra services of an own tariff (S2 §4): «×» marks a service removed — struck through, with
 * «Вернуть» — until the tariff is saved; a new one is picked from the services not used yet.
 */
export function ServiceListEditor({
  label,
  services,
  options,
  nameOf,
  onChange,
  error,
}: ServiceListEditorProps) {
  const labelId = useId();
  const errorId = useId();
  const mark = (key: string, removed: boolean) =>
    onChange(services.map((s) => (s.key === key ? { ...s, removed } : s)));
  const add = (key: string) => {
    const existing = services.find((s) => s.key === key);
    onChange(
      existing
        ? services.map((s) => (s.key === key ? { ...s, removed: false } : s))
        : [...services, { key, removed: false }],
    );
  };

  return (
    <fieldset
      className="service-editor"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={labelId} className="tariff-card__label">
        {label}
      </legend>
      {services.length > 0 && (
        <ul className="service-editor__list">
          {services.map((service) => {
            const name = nameOf(service.key);
            return (
              <li
                key={service.key}
                className={`service-editor__item${service.removed ? ' service-editor__item--removed' : ''}`}
              >
                {service.removed ? (
                  <>
                    <del className="service-editor__name" title={t.removedHint}>
                      {name}
                    </del>
                    <Button
                      size="small"
                      type="link"
                      icon={<UndoOutlined />}
                      onClick={() => mark(service.key, false)}
                    >
                      {t.restoreService}
                    </Button>
                  </>
                ) : (
                  <>
                    <span className="service-editor__name">{name}</span>
                    <Button
                      size="small"
                      type="text"
                      icon={<CloseOutlined />}
                      aria-label={t.removeService(name)}
                      onClick={() => mark(service.key, true)}
                    />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Select
        className="service-editor__add"
        value={null}
        placeholder={t.addService}
        aria-label={`${t.addService}: ${label}`}
        options={options}
        onChange={(key: string | null) => key && add(key)}
        showSearch={{ optionFilterProp: 'label' }}
        disabled={options.length === 0}
      />
      {error && (
        <div id={errorId} className="service-editor__error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}
