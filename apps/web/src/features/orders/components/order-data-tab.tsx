import type { ReactNode } from 'react';
import { Alert, Descriptions, Flex, Typography } from 'antd';
import {
  cancelReasonLabels,
  carCategories,
  formatDuration,
  formatRub,
  isCancelledStatus,
  isOwnSource,
  orderMessages,
  orderSourceLabel,
  orderTypeLabels,
  paymentMethodLabels,
  stationClock,
  type OrderDetailsResponse,
} from '@crm/shared';
import { driverName, formatPhone } from '../lib/driver-label';
import { formatOrderDate, formatOrderDateTime, formatOrderTime } from '../lib/order-time';

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** Minutes of the booking; «Не указано» when either end is missing or broken. */
function bookingLength(start: string, end: string): string {
  const minutes = (Date.parse(end) - Date.parse(start)) / 60_000;
  return Number.isFinite(minutes) && minutes > 0 ? formatDuration(minutes) : orderMessages.notSpecified;
}

/** Yandex orders: the redirect phone and its extension; own orders: the client's name and phone (S1 §2). */
function ClientCell({ details }: { details: OrderDetailsResponse }) {
  const { order } = details;
  if (isOwnSource(order.source)) {
    if (!order.driver) {
      const phone = order.phones[0]?.redirection_phone;
      return phone ? <span>{formatPhone(phone)}</span> : none;
    }
    return (
      <Flex vertical>
        <span>{driverName(order.driver)}</span>
        {order.driver.phone && (
          <a className="order-tel" href={`tel:${order.driver.phone}`}>
            {formatPhone(order.driver.phone)}
          </a>
        )}
      </Flex>
    );
  }
  if (order.phones.length === 0) return none;
  return (
    <Flex vertical>
      {order.phones.map((p, i) => (
        <span key={i}>
          <a className="order-tel" href={`tel:${p.redirection_phone}${p.ext ? `,${p.ext}` : ''}`}>
            {formatPhone(p.redirection_phone)}
          </a>
          {p.ext && <Typography.Text type="secondary">{`, доб. ${p.ext}`}</Typography.Text>}
        </span>
      ))}
    </Flex>
  );
}

/** «Данные записи»: when, who, what car, which services, how much (S1 §2). */
export function OrderDataTab({ details, timeZone }: { details: OrderDetailsResponse; timeZone: string }) {
  const { order } = details;
  const car = order.client_car;
  const category = carCategories.find((c) => c.Name === (car.category ?? car.car_class));
  const extras = details.basket_human_names.formated_additional.length
    ? details.basket_human_names.formated_additional
    : Object.entries(order.basket.additional_service_amounts).map(
        ([key, price]) => `${details.ru_services_name[key] ?? key} — ${formatRub(price)}`,
      );
  const includes = details.basket_human_names.formated_includes;
  const zone = stationClock(timeZone).offset;

  const items: { key: string; label: string; children: ReactNode; span?: 'filled' }[] = [
    { key: 'date', label: 'Дата', children: formatOrderDate(order.booking_start, timeZone) },
    {
      key: 'time',
      label: 'Время',
      children: `${formatOrderTime(order.booking_start, timeZone)}–${formatOrderTime(order.booking_end, timeZone)} (${zone})`,
    },
    {
      key: 'duration',
      label: 'Длительность',
      children: bookingLength(order.booking_start, order.booking_end),
    },
    { key: 'box', label: 'Бокс', children: `№ ${order.box_number}` },
    { key: 'source', label: 'Источник', children: orderSourceLabel(order.source) },
    { key: 'type', label: 'Тип', children: orderTypeLabels[order.order_type] },
    { key: 'client', label: 'Клиент', children: <ClientCell details={details} />, span: 'filled' },
    { key: 'car', label: 'Автомобиль', children: `${car.brand} ${car.model}`.trim() || none },
    { key: 'plate', label: 'Госномер', children: car.plate_number || none },
    { key: 'category', label: 'Категория', children: category?.ru_name_full ?? none },
    { key: 'body', label: 'Кузов', children: car.body_type || none },
    { key: 'tariff', label: 'Тариф', children: details.human_name_tariff || none, span: 'filled' },
    {
      key: 'includes',
      label: 'Услуги',
      children: includes.length ? includes.join(', ') : none,
      span: 'filled',
    },
    {
      key: 'extras',
      label: 'Доп. услуги',
      children: extras.length ? (
        <Flex vertical>
          {extras.map((e) => (
            <span key={e}>{e}</span>
          ))}
        </Flex>
      ) : (
        none
      ),
      span: 'filled',
    },
    {
      key: 'sum',
      label: 'Стоимость',
      children: (
        <span>
          <Typography.Text strong>{formatRub(order.sum)}</Typography.Text>
          {order.sum_manual && (
            <Typography.Text type="warning">{` ${orderMessages.amountChanged}`}</Typography.Text>
          )}
          {!!order.discount_percent && order.sum_before_discount !== undefined && (
            <Typography.Text type="secondary" className="order-discount">
              {` · скидка ${order.discount_percent} %, без скидки ${formatRub(order.sum_before_discount)}`}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'payment', label: 'Оплата', children: paymentMethodLabels[order.payment_method] },
    { key: 'comment', label: 'Комментарий', children: order.comment || none, span: 'filled' },
  ];
  if (isCancelledStatus(order.status)) {
    items.push({
      key: 'reason',
      label: 'Причина отмены',
      children: order.reason ? cancelReasonLabels[order.reason] : orderMessages.notSpecified,
      span: 'filled',
    });
  }
  if (order.system_comment) {
    items.push({ key: 'system', label: 'Служебная отметка', children: order.system_comment, span: 'filled' });
  }
  items.push({
    key: 'created',
    label: 'Создана',
    children: formatOrderDateTime(order.date_create, timeZone),
  });
  if (order.date_start) {
    items.push({
      key: 'started',
      label: 'Начало работы',
      children: formatOrderDateTime(order.date_start, timeZone),
    });
  }
  if (order.date_end) {
    items.push({
      key: 'finished',
      label: 'Завершение',
      children: formatOrderDateTime(order.date_end, timeZone),
    });
  }

  return (
    <Flex vertical gap={12}>
      {!isOwnSource(order.source) && (
        <Alert
          type="info"
          showIcon
          title={orderMessages.ownOnly}
          description={`Заказ из источника «${orderSourceLabel(order.source)}» доступен только для просмотра: данные меняет источник, станция меняет только статус.`}
        />
      )}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={items}
        styles={{ label: { width: 140 } }}
      />
    </Flex>
  );
}
