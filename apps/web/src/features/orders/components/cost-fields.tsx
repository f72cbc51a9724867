import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import {
  amountStep,
  applyDiscount,
  isValidAmount,
  commentMaxLength,
  formatRub,
  orderMessages,
  ownPaymentMethods,
  paymentMethodLabels,
  washServices,
  type CarClass,
  type OrderPrice,
  type TariffConfig,
} from '@crm/shared';

interface TotalFieldProps {
  manual: boolean;
  /** What the tariff says the order costs, to compare with a typed total. */
  price: OrderPrice | null;
  /** The picked client's discount, percent: the server takes it off the total (DESIGN §6). */
  discount?: number;
  onReset(): void;
}

/**
 * «Скидка 10 %: 1 800 ₽ вместо 2 000 ₽» under the tariff's total while a client with a discount is picked:
 * the server takes the discount off that total; a typed total is charged as typed (no discount on top).
 */
export function DiscountNote({ discount }: { discount: number }) {
  const form = Form.useFormInstance();
  const total = Form.useWatch('total', form) as number | null | undefined;
  if (!discount || !total) return null;
  const price = applyDiscount(total, discount);
  return (
    <Typography.Text type="success" className="order-discount-note" role="status">
      {`Скидка ${price.discount_percent} %: ${formatRub(price.sum)} вместо ${formatRub(price.sum_before_discount)}`}
    </Typography.Text>
  );
}

const groupThousands = (v: string | number | undefined) =>
  String(v ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** Total (S1 §5): ≥ 0 in steps of 50 ₽, digits only; a typed total is marked «(изменено)». */
export function TotalField({ manual, price, discount = 0, onReset }: TotalFieldProps) {
  return (
    <Form.Item
      required
      label={
        <span>
          Стоимость{' '}
          {manual && (
            <Typography.Text type="warning" style={{ fontWeight: 500 }}>
              {orderMessages.amountChanged}
            </Typography.Text>
          )}
        </span>
      }
      extra={
        manual && price ? (
          <Flex vertical>
            <Flex align="center" gap={4} wrap>
              <span>По тарифу: {formatRub(price.totalAmount)}</span>
              <Button type="link" size="small" onClick={onReset} style={{ padding: 0, height: 'auto' }}>
                Вернуть
              </Button>
            </Flex>
            {discount > 0 && (
              <Typography.Text type="secondary">{`Скидка клиента ${discount} % не применяется к изменённой стоимости`}</Typography.Text>
            )}
          </Flex>
        ) : discount ? (
          <DiscountNote discount={discount} />
        ) : undefined
      }
    >
      <Form.Item
        name="total"
        noStyle
        rules={[
          {
            validator: async (_, v: number | null | undefined) => {
              if (v === null || v === undefined) return;
              if (v < 0) throw new Error(orderMessages.amountMin);
              if (!isValidAmount(v)) throw new Error(orderMessages.amountStep);
            },
          },
        ]}
      >
        <InputNumber<number>
          aria-label="Стоимость"
          min={0}
          max={999_999}
          step={amountStep}
          precision={0}
          inputMode="numeric"
          formatter={groupThousands}
          parser={(v) => Number((v ?? '').replace(/\D/g, '')) || 0}
          suffix="₽"
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Form.Item>
  );
}

const paymentOptions = ownPaymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }));

export function PaymentMethodField() {
  return (
    <Form.Item
      name="paymentMethod"
      label="Способ оплаты"
      rules={[{ required: true, message: orderMessages.paymentRequired }]}
    >
      <Select options={paymentOptions} placeholder="Выберите способ оплаты" allowClear />
    </Form.Item>
  );
}

interface ExtrasFieldProps {
  config: TariffConfig | undefined;
  category: CarClass | undefined;
  offered: string[];
}

/** Active extras of the tariff for the category, with their prices (S1 §5). */
export function ExtrasField({ config, category, offered }: ExtrasFieldProps) {
  const component = category ? config?.price.priceElements[0]?.priceComponent[category] : undefined;
  const options = offered.map((key) => {
    const name = config?.ru_services_names[key] ?? washServices.find((s) => s.key === key)?.name_ru ?? key;
    const amount = component?.additionalServiceAmounts[key]?.price ?? 0;
    return {
      value: key,
      label: (
        <Flex justify="space-between" gap={8} style={{ width: '100%' }}>
          <span>{name}</span>
          <Typography.Text type="secondary">{formatRub(amount)}</Typography.Text>
        </Flex>
      ),
    };
  });
  return (
    <Form.Item label="Дополнительные услуги">
      {!config || !category ? (
        <Typography.Text type="secondary">Выберите тариф и категорию автомобиля</Typography.Text>
      ) : options.length === 0 ? (
        <Typography.Text type="secondary">
          У тарифа нет дополнительных услуг для этой категории
        </Typography.Text>
      ) : null}
      <Form.Item name="extras" noStyle>
        <Checkbox.Group aria-label="Дополнительные услуги" options={options} className="order-extras" />
      </Form.Item>
    </Form.Item>
  );
}

/** Comment (S1 §5): at most 300 characters, with a counter. */
export function CommentField({ hideLabel = false }: { hideLabel?: boolean }) {
  return (
    <Form.Item
      name="comment"
      label={hideLabel ? undefined : 'Комментарий'}
      rules={[{ max: commentMaxLength, message: orderMessages.commentMax }]}
    >
      <Input.TextArea
        aria-label={hideLabel ? 'Комментарий' : undefined}
        count={{ show: true, max: commentMaxLength }}
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder="Пожелания клиента, особенности автомобиля"
      />
    </Form.Item>
  );
}
