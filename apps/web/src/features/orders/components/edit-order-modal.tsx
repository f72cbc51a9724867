import { memo, useMemo, type ReactNode } from 'react';
import { Col, Form, Input, Row, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { orderMessages, stationClock, type Order, type Station } from '@crm/shared';
import { orderDetailsKey } from '../api/order-details';
import { useUpdateOrder } from '../api/save-order';
import { driverName } from '../lib/driver-label';
import { orderToForm } from '../lib/order-form-values';
import { refreshOrdersLater } from '../lib/refresh-orders';
import { useOrderForm } from '../lib/use-order-form';
import { DateField, DurationField, TariffField, TimeField } from './booking-fields';
import { CommentField, ExtrasField } from './cost-fields';
import { OrderFormModal } from './order-form-modal';
import { CarModelCols, CategoryPlateCols, TotalPaymentRow } from './order-form-parts';
import { PhoneField } from './phone-field';

interface EditOrderModalProps {
  station: Station;
  order: Order;
  onClose(): void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="order-section">
      <Typography.Title level={5} className="order-section__title">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/**
 * S1 §2 «Edit order modal» (800 wide): an own order's tariff, time, car, contact, services, comment.
 *
 * The form is the editor's copy of the order as it was when the window opened (antd takes a form's
 * initial values once). So a change of the same order arriving while it is open, the save's own event
 * among them, renders the window again only for another order or station: each render is every field's,
 * ≈ 200 ms at 4× CPU just before «Заказ успешно обновлен» (issue 40). `onClose` is the first render's
 * too, which holds: the details window's changes the URL as it is when called.
 */
export const EditOrderModal = memo(
  EditOrderWindow,
  (before, after) => before.order.id === after.order.id && before.station === after.station,
);

function EditOrderWindow({ station, order, onClose }: EditOrderModalProps) {
  const queryClient = useQueryClient();
  const updateOrder = useUpdateOrder(order.id);
  const initial = useMemo(() => orderToForm(order, station.time_zone), [order, station.time_zone]);
  const state = useOrderForm({
    station,
    mode: 'edit',
    startsChosen: true,
    totalManual: order.sum_manual,
    initialTime: initial.time,
  });
  const tariffId = Form.useWatch('tariffId', state.form);
  const category = Form.useWatch('category', state.form);
  const zone = stationClock(station.time_zone).offset;

  return (
    <OrderFormModal
      title="Редактирование записи"
      width={800}
      submitText="Сохранить"
      state={state}
      initial={initial}
      send={updateOrder}
      savedMessage={orderMessages.updated}
      failedMessage={orderMessages.updateFailed}
      afterSave={async () => {
        await queryClient.invalidateQueries({ queryKey: orderDetailsKey(station.id, order.id) });
        refreshOrdersLater(queryClient, station.id, 500);
      }}
      onClose={onClose}
    >
      <Section title="Тариф">
        <TariffField stationId={station.id} config={state.config} loading={state.tariffLoading} hideLabel />
      </Section>
      <Section title="Время записи">
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <DateField />
          </Col>
          <Col xs={24} sm={10}>
            <TimeField zoneLabel={zone} />
          </Col>
          <Col xs={24} sm={6}>
            <DurationField />
          </Col>
        </Row>
      </Section>
      <Section title="Автомобиль">
        <Row gutter={12}>
          <CarModelCols mode="edit" state={state} />
          <CategoryPlateCols />
        </Row>
      </Section>
      <Section title="Контактные данные">
        <Row gutter={12}>
          {order.driver && (
            <Col xs={24} sm={12}>
              {/* Read-only: `required` only keeps the «(необязательно)» mark off it. */}
              <Form.Item label="Клиент" required>
                <Input value={driverName(order.driver)} readOnly variant="filled" aria-label="Клиент" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <PhoneField label="Телефон" />
          </Col>
        </Row>
      </Section>
      {tariffId && category && (
        <Section title="Услуги и стоимость">
          <ExtrasField config={state.config} category={category} offered={state.offered} />
          <TotalPaymentRow state={state} />
        </Section>
      )}
      <Section title="Комментарий">
        <CommentField hideLabel />
      </Section>
    </OrderFormModal>
  );
}
