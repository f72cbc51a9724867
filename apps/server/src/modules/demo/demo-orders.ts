import {
  addDays,
  cancelledStatuses,
  dayHours,
  fromMinutes,
  slotId,
  stationClock,
  toMinutes,
  type CancelReason,
  type OrderStatus,
  type WorktimeByDay,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import type { DemoStationTariffs } from './demo-catalog';
import type { DemoDriver } from './demo-drivers';
import { drawCancellation, drawOrder, drawPayment, type OrderDraft } from './demo-order-content';
import { createRng, type Rng } from './prng';
import { localInstant, weekDayOf } from './station-day';

// Demo orders of a station: per-box timelines inside work hours, so no two live orders ever overlap on a box
// (the `orders_no_overlap` constraint would refuse them), statuses by the time of day, and a seeded PRNG per
// station and day, so a day's orders are the same whenever the seed runs.

export type OrderRow = typeof orders.$inferInsert;

export interface PlanStation {
  id: string;
  networkId: string;
  timeZone: string;
  worktime: WorktimeByDay;
  slotDuration: number;
  boxCount: number;
  tariffs: DemoStationTariffs;
}

export interface OrderPlan {
  /** The seed's key: another station or another key gives other orders. */
  key: string;
  now: Date;
  station: PlanStation;
  /** Days relative to the station's today, both inclusive. */
  fromDay: number;
  toDay: number;
  /** Orders wanted that day (offset from today); the timelines land near it. */
  perDay: (day: number, rng: Rng) => number;
  /** Active clients of the network, for own orders. */
  drivers: readonly DemoDriver[];
  plateRegions?: readonly string[];
  /** Who staff-made own orders are by (the station's administrator). */
  createdBy: string | null;
  /** Blocked slots (`BlockerBookingSlot`, one row per box), station-local HH:mm. */
  blocks?: readonly { day: number; start: string; end: string }[];
  /** Make today show every status and place exactly three new (Accepted) orders today and tomorrow. */
  showcase?: boolean;
  /** Turn the next Yandex booking and the next own one ahead into new (Accepted) orders. */
  incoming?: boolean;
}

interface Planned {
  box: number;
  day: number;
  date: string;
  startMin: number;
  endMin: number;
  start: Date;
  end: Date;
  draft: OrderDraft;
  status: OrderStatus;
  reason: CancelReason | null;
  rng: Rng;
}

const minute = 60_000;
const isCancelled = (s: OrderStatus) => cancelledStatuses.includes(s);

/** The planned orders of one station as insert rows (blocked slots included). Pure: no database. */
export function planDemoOrders(plan: OrderPlan): OrderRow[] {
  const { station, now } = plan;
  const slot = station.slotDuration || 30;
  const today = stationClock(station.timeZone, now).date;
  const planned: Planned[] = [];
  const rows: OrderRow[] = [];

  for (let day = plan.fromDay; day <= plan.toDay; day++) {
    const date = addDays(today, day);
    const hours = dayHours(station.worktime, weekDayOf(date));
    if (!hours) continue;
    const open = toMinutes(hours.start);
    const close = toMinutes(hours.end);
    const rng = createRng(`${plan.key}:${date}`);
    // Statuses draw from their own stream: the hour the seed runs changes today's statuses, not its cars.
    const statusRng = createRng(`${plan.key}:${date}:status`);
    // One offset per day: the demo zones (Moscow, Novosibirsk) keep no daylight saving time.
    const midnight = localInstant(station.timeZone, date, 0).getTime();
    const blocks = (plan.blocks ?? [])
      .filter((b) => b.day === day)
      .map((b) => ({ start: toMinutes(b.start), end: toMinutes(b.end) }));
    const perBox = Math.max(1, plan.perDay(day, rng)) / station.boxCount;
    // An order holds its box ~an hour on average (duration rounded up to the slot); the rest is gaps.
    const meanGapSlots = Math.max(0, ((close - open) / perBox - 60) / slot);
    const ctx = { tariffs: station.tariffs, drivers: plan.drivers, plateRegions: plan.plateRegions };

    for (let box = 1; box <= station.boxCount; box++) {
      let cursor = open + slot * rng.int(0, Math.round(meanGapSlots));
      while (cursor < close) {
        const draft = drawOrder(rng, ctx);
        const startMin = cursor;
        const endMin = startMin + draft.price.totalDurationMinutes;
        const blocked = blocks.find((b) => startMin < b.end && endMin > b.start);
        if (blocked) {
          cursor = blocked.end;
          continue;
        }
        if (endMin > close) break;
        const start = new Date(midnight + startMin * minute);
        const end = new Date(midnight + endMin * minute);
        const timed = statusByTime(statusRng, start, end, now);
        planned.push({ box, day, date, startMin, endMin, start, end, draft, ...timed, rng });
        // The next booking starts on a slot boundary after this one (S1 §3 slot ids).
        cursor = Math.ceil(endMin / slot) * slot + slot * rng.int(0, Math.round(2 * meanGapSlots));
      }
    }
    for (const block of blocks) {
      for (let box = 1; box <= station.boxCount; box++) rows.push(blockerRow(plan, date, block, box, slot));
    }
  }

  if (plan.showcase) showcase(planned, now);
  if (plan.incoming) incoming(planned, now);
  for (const p of planned) rows.push(orderRow(plan, p, slot));
  return rows;
}

/** Past orders were mostly washed, the current one is in the wash, later ones are booked. */
function statusByTime(rng: Rng, start: Date, end: Date, now: Date) {
  if (end <= now) {
    if (rng.chance(0.08)) return drawCancellation(rng, false);
    return { status: 'Completed' as OrderStatus, reason: null };
  }
  if (start <= now) return { status: 'Processing' as OrderStatus, reason: null };
  if (rng.chance(0.04)) return drawCancellation(rng, true);
  return { status: 'Booked' as OrderStatus, reason: null };
}

const byStart = (a: Planned, b: Planned) => a.start.getTime() - b.start.getTime();

/** A new order waits for the station to accept it: a partner's, or a client's own online booking. */
function setNew(p: Planned) {
  p.status = 'Accepted';
  p.reason = null;
  if (p.draft.source === 'Own') p.draft.orderType = 'SelfService';
}

/**
 * Two incoming new orders (S1 §1: they block work until answered) on the station's next bookings ahead:
 * the first Yandex one and the first own one (a client's online booking). Later today, or on the next
 * working day when today's are over.
 */
function incoming(planned: Planned[], now: Date) {
  const ahead = planned.filter((p) => p.start > now && p.status === 'Booked').sort(byStart);
  for (const source of ['Yandex', 'Own']) {
    const next = ahead.find((p) => p.draft.source === source);
    if (next) setNew(next);
  }
}

/**
 * Today's orders in every status the hour allows: Booked, two cancellations and exactly three new orders
 * waiting, whenever the seed runs: two today and one tomorrow, or three tomorrow once today has no two
 * bookings ahead; Completed and Processing once today's first bookings
 * have ended or started. A role is forced only when the time of day did not already produce it, and never
 * ahead of time: before opening no car of today has been washed or paid for at the box (issue 38: at night
 * «today» showed a wash finished and paid hours before its booking), so today's figures are what happened.
 */
function showcase(planned: Planned[], now: Date) {
  const todays = planned.filter((p) => p.day === 0).sort(byStart);
  const taken = new Set<Planned>(todays.filter((p) => p.status === 'Processing'));
  const free = () => todays.filter((p) => !taken.has(p));
  const set = (p: Planned | undefined, status: OrderStatus, reason: CancelReason | null = null) => {
    if (!p) return;
    p.status = status;
    p.reason = reason;
    taken.add(p);
  };
  // Keeps an order already in the status, or turns the preferred free one into it.
  const ensure = (
    status: OrderStatus,
    pick: () => Planned | undefined,
    reason: CancelReason | null = null,
  ) => {
    const found = todays.find((p) => p.status === status);
    if (found) taken.add(found);
    else set(pick(), status, reason);
  };
  const accept = (p: Planned) => {
    setNew(p);
    taken.add(p);
  };
  const past = () => free().filter((p) => p.end <= now);
  const ahead = () => free().filter((p) => p.start > now);

  ensure('Processing', () =>
    free()
      .filter((p) => p.start <= now)
      .at(-1),
  );
  ensure('Completed', () => past()[0]);
  ensure('StationCanceled', () => past()[0] ?? free()[0], 'NotWorking');
  const todaysNew = ahead().length >= 2 ? ahead().slice(-2) : [];
  for (const p of todaysNew) accept(p);
  ensure('Booked', () => ahead()[0] ?? free().at(-1));
  ensure('UserCanceled', () => ahead()[0] ?? free().at(-1), 'Other');

  // A new order waits only until its booking is over: late in the day the three are tomorrow's, so that
  // three always wait for «Принять» (issue 40's tap bench answers two of them, after closing time too).
  const tomorrow = planned.filter((p) => p.day === 1 && !isCancelled(p.status)).sort(byStart);
  const picks = [1 / 3, 2 / 3, 1 / 2].slice(0, 3 - todaysNew.length);
  for (const share of picks) {
    const p = tomorrow[Math.floor(tomorrow.length * share)];
    if (p) accept(p);
  }
}

function orderRow(plan: OrderPlan, p: Planned, slot: number): OrderRow {
  const { draft, rng, status } = p;
  const now = plan.now.getTime();
  const paymentMethod = drawPayment(rng, draft, status);
  const duration = p.end.getTime() - p.start.getTime();
  let dateStart: Date | null = null;
  let dateEnd: Date | null = null;
  if (status === 'Completed') {
    // Cars come a little early or late. A wash finished is in the past even when the showcase made an order
    // of later today Completed (a seed before opening): then it was started and finished early.
    dateEnd = new Date(
      Math.min(p.start.getTime() + duration + rng.int(-5, 15) * minute, now - rng.int(1, 20) * minute),
    );
    dateStart = new Date(
      Math.min(p.start.getTime() + rng.int(-5, 10) * minute, dateEnd.getTime() - duration),
    );
  } else if (status === 'Processing') {
    // Started on time, or early with the «Ранний старт» confirmation when the booking is still ahead.
    dateStart = new Date(Math.min(p.start.getTime() + rng.int(-5, 5) * minute, now - 2 * minute));
  }
  const lead =
    draft.source === 'Own' && draft.orderType === 'Booking'
      ? rng.int(60, 7 * 24 * 60)
      : rng.int(30, 3 * 24 * 60);
  let created = p.start.getTime() - lead * minute;
  // A booking further ahead than its lead was still made before now: any time in the last three days, not
  // all in the last hours (their online prepayments made «today» rich in money before the station opened).
  if (status === 'Accepted') created = now - rng.int(2, 40) * minute;
  else if (created > now) created = now - rng.int(5, 3 * 24 * 60) * minute;
  if (dateStart && created > dateStart.getTime()) created = dateStart.getTime() - rng.int(5, 60) * minute;
  const staffMade = draft.source === 'Own' && draft.orderType === 'Booking';
  return {
    stationId: plan.station.id,
    networkId: plan.station.networkId,
    boxNumber: p.box,
    status,
    source: draft.source,
    orderType: draft.orderType,
    bookingStart: p.start,
    bookingEnd: p.end,
    dateStart,
    dateEnd,
    dateCreate: new Date(created),
    extendedId: draft.extendedId,
    driverId: draft.driver?.id ?? null,
    phones: draft.phones,
    sum: draft.sum,
    sumCompleted: paymentMethod === 'not_paid' ? 0 : draft.sum,
    sumManual: draft.sumManual,
    discountPercent: draft.discountPercent,
    sumBeforeDiscount: draft.sumBeforeDiscount,
    paymentMethod,
    // Money is taken at the finish; a partner's online prepayment when the client booked.
    paidAt: paymentMethod === 'not_paid' ? null : (dateEnd ?? new Date(created)),
    comment: draft.comment,
    reason: p.reason,
    clientCar: draft.clientCar,
    basket: {
      tariff_id: draft.tariff.id,
      slot_id: slotId(p.date, fromMinutes(p.startMin), fromMinutes(p.endMin), slot),
      price_element_id: null,
      total_duration_minutes: draft.price.totalDurationMinutes,
      total_amount: draft.sum,
      include_service_amount: draft.price.includeServiceAmount,
      additional_service_amounts: draft.price.additionalServiceAmounts,
      compensation_amount: 0,
      user_need_to_pay_amount: draft.sum,
    },
    createdBy: staffMade ? plan.createdBy : null,
    updatedAt: new Date(Math.min(now, (dateEnd ?? dateStart ?? new Date(created)).getTime())),
  };
}

/** A blocked slot: a `BlockerBookingSlot` order on one box (DESIGN §6), no client and no money. */
function blockerRow(
  plan: OrderPlan,
  date: string,
  block: { start: number; end: number },
  box: number,
  slot: number,
): OrderRow {
  const { station } = plan;
  const start = fromMinutes(block.start);
  const end = fromMinutes(block.end);
  return {
    stationId: station.id,
    networkId: station.networkId,
    boxNumber: box,
    status: 'Booked',
    source: 'Own',
    orderType: 'BlockerBookingSlot',
    bookingStart: localInstant(station.timeZone, date, block.start),
    bookingEnd: localInstant(station.timeZone, date, block.end),
    dateCreate: new Date(plan.now.getTime() - 26 * 60 * minute),
    clientCar: {
      brand: '',
      model: '',
      plate_number: '',
      body_type: '',
      body_color: '',
      car_class: null,
      category: null,
    },
    basket: {
      tariff_id: null,
      slot_id: slotId(date, start, end, slot),
      price_element_id: null,
      total_duration_minutes: block.end - block.start,
      total_amount: 0,
      include_service_amount: 0,
      additional_service_amounts: {},
      compensation_amount: 0,
      user_need_to_pay_amount: 0,
    },
    createdBy: plan.createdBy,
    updatedAt: new Date(plan.now.getTime() - 26 * 60 * minute),
  };
}

/** Columns the demo writes, with their SQL types for `jsonb_to_recordset`; the rest take their defaults. */
const orderColumns = {
  stationId: ['station_id', 'uuid'],
  networkId: ['network_id', 'uuid'],
  boxNumber: ['box_number', 'integer'],
  status: ['status', 'text'],
  source: ['source', 'text'],
  orderType: ['order_type', 'text'],
  bookingStart: ['booking_start', 'timestamptz'],
  bookingEnd: ['booking_end', 'timestamptz'],
  dateStart: ['date_start', 'timestamptz'],
  dateEnd: ['date_end', 'timestamptz'],
  dateCreate: ['date_create', 'timestamptz'],
  extendedId: ['extended_id', 'text'],
  driverId: ['driver_id', 'uuid'],
  phones: ['phones', 'jsonb'],
  sum: ['sum', 'integer'],
  sumCompleted: ['sum_completed', 'integer'],
  sumManual: ['sum_manual', 'boolean'],
  discountPercent: ['discount_percent', 'integer'],
  sumBeforeDiscount: ['sum_before_discount', 'integer'],
  paymentMethod: ['payment_method', 'text'],
  paidAt: ['paid_at', 'timestamptz'],
  comment: ['comment', 'text'],
  reason: ['reason', 'text'],
  clientCar: ['client_car', 'jsonb'],
  basket: ['basket', 'jsonb'],
  createdBy: ['created_by', 'uuid'],
  updatedAt: ['updated_at', 'timestamptz'],
} as const satisfies Partial<Record<keyof OrderRow, readonly [string, string]>>;

const defaults: Partial<OrderRow> = {
  dateStart: null,
  dateEnd: null,
  extendedId: null,
  driverId: null,
  phones: [],
  sum: 0,
  sumCompleted: 0,
  sumManual: false,
  discountPercent: 0,
  sumBeforeDiscount: null,
  paymentMethod: 'not_paid',
  paidAt: null,
  comment: '',
  reason: null,
  createdBy: null,
};

const entries = Object.entries(orderColumns) as [keyof typeof orderColumns, readonly [string, string]][];
const names = sql.raw(entries.map(([, [name]]) => name).join(', '));
const recordType = sql.raw(entries.map(([, [name, type]]) => `${name} ${type}`).join(', '));

/**
 * Thousands of orders in a few statements: each chunk travels as one JSON parameter expanded by
 * `jsonb_to_recordset`, which costs far less than binding ~25 parameters per row (cold start is measured).
 */
export async function insertDemoOrders(db: Database, rows: readonly OrderRow[], chunk = 1500) {
  for (let i = 0; i < rows.length; i += chunk) {
    const records = rows.slice(i, i + chunk).map((row) => {
      const full = { ...defaults, ...row };
      return Object.fromEntries(entries.map(([key, [name]]) => [name, full[key] ?? null]));
    });
    // Each order's trail starts with its creation, already fanned out: nobody is notified of demo data.
    await db.execute(
      sql`with inserted as (insert into ${orders} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${recordType}) returning id, station_id, status, source, created_by, date_create)
        insert into ${orderEvents} (order_id, station_id, action, from_status, to_status, actor_kind, actor_user_id, source, created_at, fanned_out_at)
        select id, station_id, 'created', null, status, case when source = 'Own' then 'user' else 'partner' end, created_by, source, coalesce(date_create, now()), now() from inserted`,
    );
  }
}
