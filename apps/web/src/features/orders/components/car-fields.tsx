import { useMemo, type ReactNode } from 'react';
import { AutoComplete, Flex, Form, Input, Select, Typography } from 'antd';
import {
  carCategories,
  carClassLabels,
  isValidPlate,
  normalizePlate,
  orderFormMessages,
  orderMessages,
  type CarModel,
} from '@crm/shared';
import { findBrand } from '../lib/use-order-form';
import type { OrderFormMode } from '../lib/use-order-form';

/** Not in the spec's catalogue; the schema needs a category to price the wash. */
export const categoryRequired = 'Выберите категорию автомобиля';

interface CarFieldsProps {
  mode: OrderFormMode;
  collection: Record<string, CarModel[]> | undefined;
  popular: string[] | undefined;
  loading?: boolean;
  /** Lays each field out (a grid column). */
  wrap?: (field: ReactNode) => ReactNode;
}

const matches = (input: string, text: string | undefined) =>
  (text ?? '').toLowerCase().includes(input.trim().toLowerCase());

/** A model in the list with its body type, greyed. */
const renderModel = (option: { label?: ReactNode; data: { body?: string } }) => (
  <Flex justify="space-between" gap={8}>
    <span>{option.label}</span>
    <Typography.Text type="secondary">{option.data.body}</Typography.Text>
  </Flex>
);

/** Popular brands first (S1 §9), then every other brand of the collection. */
function useBrandOptions(collection: CarFieldsProps['collection'], popular: CarFieldsProps['popular']) {
  return useMemo(() => {
    const all = Object.keys(collection ?? {}).sort((a, b) => a.localeCompare(b));
    const top = (popular ?? []).filter((b) => all.includes(b));
    const rest = all.filter((b) => !top.includes(b));
    const toOption = (b: string) => ({ value: b, label: b });
    return [
      ...(top.length
        ? [{ label: 'Популярные марки', title: 'Популярные марки', options: top.map(toOption) }]
        : []),
      { label: 'Все марки', title: 'Все марки', options: rest.map(toOption) },
    ];
  }, [collection, popular]);
}

/** Brand and model: typed with suggestions in the new order, chosen from the list in the edit (S1 §5). */
export function BrandModelFields({ mode, collection, popular, loading, wrap = (f) => f }: CarFieldsProps) {
  const form = Form.useFormInstance();
  const brand = (Form.useWatch('brand', form) as string | undefined) ?? '';
  const brandOptions = useBrandOptions(collection, popular);
  const brandKey = findBrand(collection, brand);
  const modelOptions = useMemo(
    () =>
      (brandKey ? collection![brandKey]! : []).map((m) => ({
        value: m.model,
        label: m.model,
        body: m.ru_body_name || carClassLabels[m.class],
      })),
    [collection, brandKey],
  );
  const isNew = mode === 'new';
  const brandMessage = isNew ? orderMessages.brandRequiredNew : orderMessages.brandRequiredEdit;
  const modelMessage = isNew ? orderMessages.modelRequiredNew : orderMessages.modelRequiredEdit;

  return (
    <>
      {wrap(
        <Form.Item
          name="brand"
          label="Марка"
          rules={[{ required: true, whitespace: true, message: brandMessage }]}
        >
          {isNew ? (
            <AutoComplete
              options={brandOptions}
              placeholder="Например, Toyota"
              showSearch={{
                filterOption: (input, option) => matches(input, (option as { value?: string })?.value),
              }}
              allowClear
            />
          ) : (
            <Select
              options={brandOptions}
              placeholder="Выберите марку"
              loading={loading}
              showSearch={{
                filterOption: (input, option) => matches(input, (option as { value?: string })?.value),
              }}
            />
          )}
        </Form.Item>,
      )}
      {wrap(
        <Form.Item
          name="model"
          label="Модель"
          rules={[{ required: true, whitespace: true, message: modelMessage }]}
        >
          {isNew ? (
            <AutoComplete
              options={modelOptions}
              optionRender={renderModel}
              placeholder={brand ? 'Например, Camry' : 'Сначала выберите марку'}
              showSearch={{
                filterOption: (input, option) => matches(input, (option as { value?: string })?.value),
              }}
              allowClear
            />
          ) : (
            <Select
              options={modelOptions}
              optionRender={renderModel}
              placeholder="Выберите модель"
              disabled={!brand}
              showSearch={{
                filterOption: (input, option) => matches(input, (option as { value?: string })?.value),
              }}
            />
          )}
        </Form.Item>,
      )}
    </>
  );
}

const categoryOptions = carCategories.map((c) => ({ value: c.Name, label: c.ru_name_full }));

/** The wash category (= car class): filled by the model, or chosen when the model is not in the list. */
export function CategoryField() {
  return (
    <Form.Item
      name="category"
      label="Категория"
      rules={[{ required: true, message: categoryRequired }]}
      tooltip="Заполняется по модели; для модели не из списка выберите вручную"
    >
      <Select options={categoryOptions} placeholder="Выберите категорию" />
    </Form.Item>
  );
}

/**
 * Plate (S1 §5): uppercased, other characters stripped, then checked against the Russian format. An empty
 * plate is missing («Введите госномер»), not malformed: the format message is for a typed one.
 */
export function PlateField() {
  return (
    <Form.Item
      name="plate"
      label="Госномер"
      getValueFromEvent={(e: { target: { value: string } }) => normalizePlate(e.target.value)}
      validateTrigger="onBlur"
      rules={[
        {
          required: true,
          validator: async (_, v: string | undefined) => {
            if (!v) throw new Error(orderFormMessages.plateRequired);
            if (!isValidPlate(v)) throw new Error(orderMessages.plateFormat);
          },
        },
      ]}
    >
      <Input placeholder="А123ВС77" autoComplete="off" maxLength={9} style={{ textTransform: 'uppercase' }} />
    </Form.Item>
  );
}
