import type { ApiSession } from '../../e2e/support/api';

/** The station's first active own tariff, which the benches book their orders with. */
export async function activeOwnTariff(session: ApiSession, stationId: string): Promise<string> {
  const res = await session.call(`/api/own_tariffs/list/${stationId}`);
  if (!res.ok) throw new Error(`GET /api/own_tariffs/list: ${res.status} ${await res.text()}`);
  const { prices_list } = (await res.json()) as { prices_list: { id: string; active: boolean }[] };
  const tariff = prices_list.find((t) => t.active);
  if (!tariff) throw new Error(`station ${stationId} has no active own tariff`);
  return tariff.id;
}

/** `POST /api/create_order` body of a bench's own order: a Hyundai Solaris, unpaid, 1 500 ₽. */
export function ownOrderBody(order: {
  tariffId: string;
  start: number;
  minutes: number;
  plate: string;
  box?: number;
}) {
  return {
    car: {
      brand: 'Hyundai',
      model: 'Solaris',
      class: 'Compact',
      category: 'Compact',
      plateNumber: order.plate,
    },
    bookingStart: new Date(order.start).toISOString(),
    bookingEnd: new Date(order.start + order.minutes * 60_000).toISOString(),
    paymentMethod: 'not_paid',
    basket: { tariffId: order.tariffId, totalAmount: 1500 },
    ...(order.box === undefined ? {} : { box_number: order.box }),
  };
}
