import { useMemo, type ReactNode } from 'react';
import { Button, Col, Flex, Form, Input, Modal, Row, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { orderMessages, stationClock, type Order, type Station } from '@crm/shared';
import { orderDetailsKey } from '../api/order-details';
import { useUpdateOrder } from '../api/save-order';
import { driverName } from '../lib/driver-label';
import { orderToForm, type OrderFormValues } from '../lib/order-form-values';
import { refreshOrdersLater } from '../lib/refresh-orders';
import { useOrderForm } from '../lib/use-order-form';
import { DateField, DurationField, TariffField, TimeField } from './booking-fields';
import { BrandModelFields, CategoryField, PlateField } from './car-fields';
import { CommentField, ExtrasField, PaymentMethodField, TotalField } from './cost-fields';
import { orderModalLayout, useOrderModalSize } from './modal-layout';
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

/** S1 §2 «Edit order modal» (800 wide): an own order's tariff, time, car, contact, services, comment. */
export function EditOrderModal({ station, order, onClose }: EditOrderModalProps) {
  const size = useOrderModalSize();
  const queryClient = useQueryClient();
  const update = useUpdateOrder(order.id);
  const initial = useMemo(() => orderToForm(order, station.time_zone), [order, station.time_zone]);
  const state = useOrderForm({
    station,
    mode: 'edit',
    startsChosen: true,
    totalManual: order.sum_manual,
    initialTime: initial.time,
  });
  const { form } = state;
  const tariffId = Form.useWatch('tariffId', form);
  const category = Form.useWatch('category', form);
  const zone = stationClock(station.time_zone).offset;

  const submit = async () => {
    const body = await state.buildBody();
    if (!body) return;
    try {
      await update.mutateAsync(body);
      state.notify.success(orderMessages.updated);
      await queryClient.invalidateQueries({ queryKey: orderDetailsKey(station.id, order.id) });
      refreshOrdersLater(queryClient, station.id, 500);
      onClose();
    } catch (error) {
      state.showSaveError(error, orderMessages.updateFailed);
    }
  };

  return (
    <Modal
      open
      title="Редактирование записи"
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      {...orderModalLayout(size, 800)}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={update.isPending} onClick={() => form.submit()}>
            Сохранить
          </Button>
        </Flex>
      }
    >
      <Form<OrderFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initial}
        onValuesChange={state.onValuesChange}
        onFinish={() => void submit()}
        className="order-form"
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
            <BrandModelFields
              mode="edit"
              collection={state.collection}
              popular={state.popular}
              loading={state.carsLoading}
              wrap={(node) => <Col xs={12}>{node}</Col>}
            />
            <Col xs={24} sm={12}>
              <CategoryField />
            </Col>
            <Col xs={24} sm={12}>
              <PlateField />
            </Col>
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
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <TotalField manual={state.totalManual} price={state.price} onReset={state.resetTotal} />
              </Col>
              <Col xs={24} sm={12}>
                <PaymentMethodField />
              </Col>
            </Row>
          </Section>
        )}
        <Section title="Комментарий">
          <CommentField hideLabel />
        </Section>
      </Form>
    </Modal>
  );
}
