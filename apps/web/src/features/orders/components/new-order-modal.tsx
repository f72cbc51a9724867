import { useMemo, useState } from 'react';
import { Button, Col, Form, Modal, Result, Row } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { messages, orderMessages, stationClock, type Station } from '@crm/shared';
import { useDriver } from '../api/drivers';
import { useCreateOrder } from '../api/save-order';
import { emptyOrderForm, type OrderFormValues } from '../lib/order-form-values';
import { defaultBookingStart, presetOnDate } from '../lib/order-time';
import { refreshOrdersLater } from '../lib/refresh-orders';
import { useOrderForm } from '../lib/use-order-form';
import { DateField, DurationField, TariffField, TimeField } from './booking-fields';
import { ANY_BOX, BoxField, type BoxChoice } from './box-field';
import { ClientPicker } from './client-picker';
import { CommentField, ExtrasField } from './cost-fields';
import { orderModalLayout, useOrderModalSize } from './modal-layout';
import { OrderFormModal } from './order-form-modal';
import { CarModelCols, CategoryPlateCols, TotalPaymentRow } from './order-form-parts';
import { PhoneField } from './phone-field';

interface NewOrderModalProps {
  station: Station;
  /** `?newOrder=`: an ISO instant (a click on the calendar) or `1` (the next slot). */
  preset: string;
  /** The calendar's `&date=`: a link or a reload with it starts on that day, not today (DESIGN §10). */
  date?: string | null;
  /** `&box=`: the box whose free cell was clicked: «Бокс» starts on it (`box_number`). */
  box?: number;
  /** `&client=`: the client the order is for (from the client's card); `&car=`: which of their cars. */
  clientId?: string;
  carIndex?: number;
  canManage: boolean;
  onClose(): void;
}

/** S1 §2 «New order modal»: every field of S1 §5, `POST /api/create_order/{stationId}`. */
export function NewOrderModal({ canManage, onClose, date, preset, ...props }: NewOrderModalProps) {
  const size = useOrderModalSize();
  if (canManage)
    return (
      <NewOrderForm {...props} preset={presetOnDate(preset, date ?? null, props.station)} onClose={onClose} />
    );
  return (
    <Modal
      open
      title="Новая запись"
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      {...orderModalLayout(size, 520)}
    >
      <Result
        status="403"
        title={messages.generic.forbidden}
        subTitle="Создавать записи могут администратор, управляющий и владелец."
        extra={<Button onClick={onClose}>Закрыть</Button>}
      />
    </Modal>
  );
}

function NewOrderForm({
  station,
  preset,
  box,
  clientId,
  carIndex,
  onClose,
}: Omit<NewOrderModalProps, 'canManage' | 'date'>) {
  const queryClient = useQueryClient();
  const presetClient = useDriver(station.network_id, clientId).data?.driver;
  const createOrder = useCreateOrder(station.id);
  const initial = useMemo(
    () => emptyOrderForm(defaultBookingStart(preset, station)),
    // Its fields, not the object: a refetched station must not move the start of a form being filled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [preset, station.time_zone, station.slot_duration, station.worktime_by_day, station.boxes],
  );
  const state = useOrderForm({ station, mode: 'new', startsChosen: false, initialTime: initial.time });
  const { form } = state;
  const category = Form.useWatch('category', form);
  const zone = stationClock(station.time_zone).offset;
  // A calendar cell's box, else «Любой свободный» (the server takes the first box free at the time).
  const [boxChoice, setBoxChoice] = useState<BoxChoice>(box ?? ANY_BOX);

  return (
    <OrderFormModal
      title="Новая запись"
      width={920}
      submitText="Создать запись"
      state={state}
      initial={initial}
      send={(body) => createOrder(boxChoice === ANY_BOX ? body : { ...body, box_number: boxChoice })}
      savedMessage={orderMessages.created}
      failedMessage={orderMessages.createFailed}
      afterSave={() => refreshOrdersLater(queryClient, station.id, 700)}
      onClose={onClose}
    >
      <Row gutter={20}>
        <Col xs={24} md={12}>
          <Form.Item name="driverId" label="Клиент">
            <ClientPicker
              networkId={station.network_id}
              onPick={state.applyDriver}
              preset={presetClient}
              presetCar={carIndex}
              currentCar={() => {
                const v = form.getFieldsValue(true) as OrderFormValues;
                return { brand: v.brand, model: v.model, ...(v.plate ? { plate_number: v.plate } : {}) };
              }}
            />
          </Form.Item>
          <PhoneField />
          <TariffField stationId={station.id} config={state.config} loading={state.tariffLoading} />
          <Row gutter={12}>
            <CarModelCols mode="new" state={state} />
          </Row>
          <Row gutter={12}>
            <CategoryPlateCols />
          </Row>
        </Col>
        <Col xs={24} md={12}>
          <BoxField station={station} value={boxChoice} onChange={setBoxChoice} />
          <Row gutter={12}>
            <Col xs={24} sm={10}>
              <DateField />
            </Col>
            <Col xs={24} sm={14}>
              <TimeField zoneLabel={zone} />
            </Col>
          </Row>
          <TotalPaymentRow state={state} />
          <DurationField />
          <ExtrasField config={state.config} category={category} offered={state.offered} />
        </Col>
        <Col span={24}>
          <CommentField />
        </Col>
      </Row>
    </OrderFormModal>
  );
}
