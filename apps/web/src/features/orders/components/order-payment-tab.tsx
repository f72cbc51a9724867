import { Alert, Button, Card, Col, Flex, Form, InputNumber, Row, Select, Statistic } from 'antd';
import {
  formatRub,
  orderMessages,
  orderSourceLabel,
  paymentMethodLabels,
  type Order,
  type PaymentMethod,
} from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { useOrderPayment } from '../api/order-status';
import { amountDue, paymentCase, takeAmountRules, takeMethodOptions } from '../lib/payment';

interface PaymentFormValues {
  payment_method: PaymentMethod;
  amount: number;
}

/** «Оплата визита»: what is paid and what is due, and taking the payment (S1 §2). */
export function OrderPaymentTab({
  order,
  canManage,
  onPaid,
}: {
  order: Order;
  canManage: boolean;
  onPaid(): Promise<unknown>;
}) {
  const notify = useNotify();
  const pay = useOrderPayment(order.id);
  const kind = paymentCase(order);
  const due = amountDue(order);

  const submit = async (values: PaymentFormValues) => {
    try {
      await pay.mutateAsync({
        payment_method: values.payment_method,
        sum_completed: order.sum_completed + values.amount,
      });
      notify.success(orderMessages.paymentDone);
      await onPaid();
    } catch (error) {
      notify.error(error, orderMessages.paymentFailed);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Row gutter={[12, 12]}>
        <Col xs={8}>
          <Card size="small">
            <Statistic title="Стоимость" value={formatRub(order.sum)} />
          </Card>
        </Col>
        <Col xs={8}>
          <Card size="small">
            <Statistic title="Оплачено" value={formatRub(order.sum_completed)} />
          </Card>
        </Col>
        <Col xs={8}>
          <Card size="small">
            <Statistic title="К оплате" value={formatRub(kind === 'due' ? due : 0)} />
          </Card>
        </Col>
      </Row>
      {kind === 'cancelled' && (
        <Alert
          type="info"
          showIcon
          title="Запись отменена"
          description="Оплата по отменённой записи не принимается."
        />
      )}
      {kind === 'online' && (
        <Alert
          type="success"
          showIcon
          title="Оплачено онлайн"
          description={`Клиент оплатил визит через ${orderSourceLabel(order.source)}, принимать оплату на станции не нужно.`}
        />
      )}
      {kind === 'paid' && (
        <Alert
          type="success"
          showIcon
          title="Визит полностью оплачен"
          description={`Способ оплаты: ${paymentMethodLabels[order.payment_method]}.`}
        />
      )}
      {kind === 'due' && (
        <Alert
          type="warning"
          showIcon
          title="Требуется оплата"
          description={`Клиенту нужно оплатить ${formatRub(due)}.`}
        />
      )}
      {kind === 'due' && canManage && (
        <Card size="small" title="Оформить оплату">
          <Form<PaymentFormValues>
            layout="vertical"
            requiredMark={false}
            initialValues={{ payment_method: 'paid_card', amount: due }}
            onFinish={(values) => void submit(values)}
          >
            <Row gutter={12} align="bottom">
              <Col xs={24} sm={10}>
                <Form.Item
                  name="payment_method"
                  label="Способ оплаты"
                  rules={[{ required: true, message: orderMessages.paymentRequired }]}
                >
                  <Select options={takeMethodOptions(order)} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item name="amount" label="Сумма" rules={takeAmountRules}>
                  <InputNumber<number>
                    min={0}
                    max={999_999}
                    precision={0}
                    inputMode="numeric"
                    parser={(v) => Number((v ?? '').replace(/\D/g, '')) || 0}
                    suffix="₽"
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={6}>
                <Form.Item>
                  <Button type="primary" htmlType="submit" loading={pay.isPending} block>
                    Оплатить
                  </Button>
                </Form.Item>
              </Col>
            </Row>
          </Form>
        </Card>
      )}
    </Flex>
  );
}
