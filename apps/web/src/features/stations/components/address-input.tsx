import { useMemo, useState } from 'react';
import { AutoComplete, Flex, Input, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { mapDefaults, type GeoSuggestion } from '@crm/shared';
import { useGeoSuggest } from '../api/geo-suggest';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { suggestionAddress } from '../lib/suggestion-address';
import type { LatLon } from '../lib/station-form-values';

interface AddressInputProps {
  value?: string;
  onChange?(value: string): void;
  /** A chosen suggestion: the form moves the map point to it. */
  onSuggestion?(suggestion: GeoSuggestion): void;
  /** Ranks nearer addresses first. */
  near?: LatLon | null;
  disabled?: boolean;
  id?: string;
}

/** The address box with suggestions after 2 characters, debounced 300 ms (S1 §9). */
export function AddressInput({ value = '', onChange, onSuggestion, near, disabled, id }: AddressInputProps) {
  const [typed, setTyped] = useState(false);
  const text = useDebouncedValue(value, mapDefaults.suggestDebounceMs);
  // Only what the user types asks for suggestions, not an address filled from the map or a draft.
  const suggest = useGeoSuggest(typed ? text : '', near);
  const results = useMemo(() => suggest.data ?? [], [suggest.data]);

  // The value is the address itself, so picking an option writes it into the box; `index` finds its point.
  const options = results.map((s, i) => ({
    value: suggestionAddress(s),
    key: `${i}`,
    index: i,
    label: (
      <Flex gap={8} align="start" style={{ padding: '2px 0' }}>
        <EnvironmentOutlined style={{ marginTop: 4, opacity: 0.6 }} />
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis>{s.title}</Typography.Text>
          {s.subtitle && (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {s.subtitle}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    ),
  }));

  return (
    <AutoComplete
      id={id}
      value={value}
      options={options}
      disabled={disabled}
      onChange={(next: string) => {
        setTyped(true);
        onChange?.(next);
      }}
      onSelect={(address: string, option: { index: number }) => {
        const chosen = results[option.index];
        setTyped(false);
        onChange?.(address);
        if (chosen) onSuggestion?.(chosen);
      }}
      notFoundContent={
        typed && text.trim().length >= mapDefaults.suggestMinChars && suggest.isFetched && !suggest.isFetching
          ? 'Ничего не найдено — укажите точку на карте'
          : null
      }
      style={{ width: '100%' }}
    >
      <Input
        prefix={<EnvironmentOutlined />}
        placeholder="Город, улица, дом"
        allowClear
        autoComplete="off"
        maxLength={300}
      />
    </AutoComplete>
  );
}
