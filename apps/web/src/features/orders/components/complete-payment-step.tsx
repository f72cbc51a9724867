import { Button, Flex, Form, InputNumber, Radio, Typography } from 'antd';
import { formatRub, orderMessages, type Order, type PaymentMethod } from '@crm/shared';
import type { PaymentInput } from '../api/order-status';
import { amountDue, takeAmountRules, takeMethodOptions } from '../lib/payment';

interface CompletePaymentStepProps {
  order: Order;
  /** Which of the two completions is being sent (its button spins). */
  pending: 'paid' | 'unpaid' | null;
  compact: boolean;
  /** `payment` null: complete without taking money. */
  onComplete(payment: PaymentInput | null): void;
  onBack(): void;
}

interface Values {
  payment_method: PaymentMethod;
  amount: number | null;
}

/**
 * «Завершить» on an unpaid order (issue 10): the payment in the same flow, in the details modal's footer.
 * The method and the amount (what is due, prefilled) go with the completion in one call; «Завершить без
 * оплаты» stays possible (a client who pays later).
 */
export function CompletePaymentStep({
  order,
  pending,
  compact,
  onComplete,
  onBack,
}: CompletePaymentStepProps) {
  const [form] = Form.useForm<Values>();
  const due = amountDue(order);
  const options = takeMethodOptions(order);
  const busy = pending !== null;
  const size = compact ? 'middle' : undefined;

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ payment_method: options[0]!.value, amount: due > 0 ? due : null }}
      onFinish={(v) =>
        onComplete({ payment_method: v.payment_method, sum_completed: order.sum_completed + (v.amount ?? 0) })
      }
      className="complete-payment"
      aria-label="Оплата при завершении"
    >
      <Typography.Title level={5} style={{ margin: '0 0 4px' }}>
        Оплата при завершении
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: '0 0 12px' }}>
        {`Клиенту нужно оплатить ${formatRub(due)}. Отметьте, как он заплатил.`}
      </Typography.Paragraph>
      <Flex gap={16} wrap align="flex-start">
        <Form.Item
          name="payment_method"
          label="Способ оплаты"
          rules={[{ required: true, message: orderMessages.paymentRequired }]}
        >
          <Radio.Group optionType="button" buttonStyle="solid" options={options} disabled={busy} />
        </Form.Item>
        <Form.Item name="amount" label="Сумма" rules={takeAmountRules} style={{ minWidth: 140 }}>
          <InputNumber<number>
            min={0}
            max={999_999}
            step={50}
            precision={0}
            inputMode="numeric"
            suffix="₽"
            disabled={busy}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Flex>
      <Flex gap={8} wrap justify="end" className="complete-payment__actions">
        <Button size={size} onClick={onBack} disabled={busy} style={{ marginInlineEnd: 'auto' }}>
          Назад
        </Button>
        <Button size={size} onClick={() => onComplete(null)} loading={pending === 'unpaid'} disabled={busy}>
          Завершить без оплаты
        </Button>
        <Button size={size} type="primary" htmlType="submit" loading={pending === 'paid'} disabled={busy}>
          Завершить и принять оплату
        </Button>
      </Flex>
    </Form>
  );
}
