import {
  daySlots,
  isCalendarDate,
  localInstant,
  parseSlotId,
  slotId,
  slotMessages,
  stationClock,
  type Basket,
  type OrderStatus,
  type Slot,
  type SlotOccupancy,
} from '@crm/shared';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { recordOrderEvents, type OrderEventRecord } from '../events/order-event-bus';
import type { OrderInsert, Tx } from '../orders/orders.repository';
import type { StationRow } from '../stations/station-access';
import {
  blockersOverlapping,
  blockerType,
  deleteBlockers,
  insertBlockers,
  liveOccupancy,
  narrowBlocker,
  type BlockerRow,
} from './slots.repository';

export const slotBusy = () => new AppError(409, 'SLOT_BUSY', slotMessages.busy);
const alreadyInState = () => new AppError(400, 'SLOT_STATE', slotMessages.alreadyInState);
const pastSlot = () => badRequest({ slotId: slotMessages.pastSlot }, slotMessages.pastSlot);

interface SlotDay {
  slots: Slot[] | null;
  occupancy: SlotOccupancy[];
}

/** A day's slots (null on a day off) and the live orders and blockers they were counted from. */
export async function loadSlotDay(
  db: Tx,
  station: StationRow,
  boxNumbers: readonly number[],
  date: string,
  now: Date,
): Promise<SlotDay> {
  const { timeZone } = station;
  const occupancy = await liveOccupancy(
    db,
    station.id,
    localInstant(timeZone, date, 0),
    localInstant(timeZone, date, 24 * 60),
  );
  const slots = daySlots({
    date,
    timeZone,
    worktime: station.worktimeByDay,
    slotDuration: station.slotDuration,
    boxNumbers,
    occupancy,
    now,
  });
  return { slots, occupancy };
}

/** A blocker has no client, car or money (the seed's `blockerRow` writes the same shape). */
const noCar = {
  brand: '',
  model: '',
  plate_number: '',
  body_type: '',
  body_color: '',
  car_class: null,
  category: null,
};

/** A slot is free to block while a box has nothing on it; it can be unblocked while a box is blocked. */
export const canBlock = (slot: Slot) => slot.free_boxes > 0;
export const canUnblock = (slot: Slot) => slot.blocked_boxes > 0;

/**
 * The slot changes of one request, inside its transaction (the caller holds every box lock of the
 * station). Each change re-reads the day it touches, so several changes of one request (a repeated id,
 * neighbouring slots of a long blocker) see each other.
 */
export class SlotWriter {
  private readonly days = new Map<string, SlotDay>();
  private lastEvent: { order_id: string; status: OrderStatus } | null = null;
  private readonly records: OrderEventRecord[] = [];
  private readonly deleted = new Set<string>();
  changed = 0;

  constructor(
    private readonly tx: Tx,
    private readonly station: StationRow,
    private readonly boxNumbers: readonly number[],
    readonly now: Date,
    private readonly userId: string,
  ) {}

  async day(date: string): Promise<SlotDay> {
    let day = this.days.get(date);
    if (!day) {
      day = await loadSlotDay(this.tx, this.station, this.boxNumbers, date, this.now);
      this.days.set(date, day);
    }
    return day;
  }

  /** The slot as it is now; 404 for an id that is not on the station's grid of that day. */
  async find(id: string): Promise<{ slot: Slot; date: string }> {
    const date = parseSlotId(id)?.date;
    if (!date || !isCalendarDate(date)) throw notFound();
    const slot = (await this.day(date)).slots?.find((s) => s.id === id);
    if (!slot) throw notFound();
    return { slot, date };
  }

  /** Blocks or unblocks one slot, or says why it cannot (S2 §4, §8 «Slots»). */
  async set(id: string, block: boolean): Promise<void> {
    const { slot, date } = await this.find(id);
    if (slot.past) throw pastSlot();
    if (slot.status === 'Busy') throw slotBusy();
    if (block ? !canBlock(slot) : !canUnblock(slot)) throw alreadyInState();
    if (block) await this.block(slot, (await this.day(date)).occupancy);
    else await this.unblock(slot);
    this.days.delete(date);
    this.changed++;
  }

  private async block(slot: Slot, occupancy: readonly SlotOccupancy[]) {
    const start = new Date(slot.dateStart);
    const end = new Date(slot.dateEnd);
    const freeBoxes = this.boxNumbers.filter(
      (box) => !occupancy.some((o) => o.box === box && o.start < end && o.end > start),
    );
    const rows = await insertBlockers(
      this.tx,
      freeBoxes.map((box) => this.blockerValues(box, start, end)),
    );
    if (rows[0]) this.lastEvent = { order_id: rows[0].id, status: 'Booked' };
    for (const row of rows) this.record(row.id, 'blocked', null);
  }

  private record(orderId: string, action: 'blocked' | 'unblocked', fromStatus: OrderStatus | null) {
    this.records.push({
      orderId,
      action,
      fromStatus,
      toStatus: 'Booked',
      actor: { kind: 'user', userId: this.userId },
      source: 'Own',
    });
  }

  /**
   * Frees the slot's time on every box: a blocker inside it goes; a longer one keeps its time outside the
   * slot (trimmed, or split in two), so neighbouring blocked slots stay blocked.
   */
  private async unblock(slot: Slot) {
    const start = new Date(slot.dateStart);
    const end = new Date(slot.dateEnd);
    const blockers = await blockersOverlapping(this.tx, this.station.id, start, end);
    const removed: string[] = [];
    for (const blocker of blockers) {
      const before = blocker.bookingStart < start ? { from: blocker.bookingStart, to: start } : null;
      const after = blocker.bookingEnd > end ? { from: end, to: blocker.bookingEnd } : null;
      const kept = before ?? after;
      if (!kept) {
        removed.push(blocker.id);
        continue;
      }
      await this.narrow(blocker, kept.from, kept.to);
      this.record(blocker.id, 'unblocked', 'Booked');
      if (before && after) {
        const [split] = await insertBlockers(this.tx, [this.blockerValues(blocker.boxNumber, end, after.to)]);
        if (split) this.record(split.id, 'unblocked', null);
      }
      this.lastEvent = { order_id: blocker.id, status: 'Booked' };
    }
    await deleteBlockers(this.tx, removed);
    for (const id of removed) this.deleted.add(id);
    if (removed[0]) this.lastEvent = { order_id: removed[0], status: 'Canceled' };
  }

  private narrow(blocker: BlockerRow, start: Date, end: Date) {
    return narrowBlocker(this.tx, blocker.id, {
      bookingStart: start,
      bookingEnd: end,
      basket: this.blockerBasket(start, end),
    });
  }

  private blockerBasket(start: Date, end: Date): Basket {
    const from = stationClock(this.station.timeZone, start);
    const to = stationClock(this.station.timeZone, end);
    return {
      tariff_id: null,
      slot_id: slotId(from.date, from.time, to.time, this.station.slotDuration),
      price_element_id: null,
      total_duration_minutes: Math.round((end.getTime() - start.getTime()) / 60_000),
      total_amount: 0,
      include_service_amount: 0,
      additional_service_amounts: {},
      compensation_amount: 0,
      user_need_to_pay_amount: 0,
    };
  }

  private blockerValues(box: number, start: Date, end: Date): OrderInsert {
    return {
      stationId: this.station.id,
      networkId: this.station.networkId,
      boxNumber: box,
      status: 'Booked',
      source: 'Own',
      orderType: blockerType,
      bookingStart: start,
      bookingEnd: end,
      clientCar: noCar,
      basket: this.blockerBasket(start, end),
      sum: 0,
      createdBy: this.userId,
    };
  }

  /**
   * One notification per request and station (open calendars refetch the day on any event), and an
   * audit row per blocker still there: a deleted blocker took its trail with it.
   */
  async publish(): Promise<void> {
    if (!this.lastEvent) return;
    // `order_ids` makes calendars refetch the week: blockers are many, and a deleted one has nothing to fetch.
    const touched = [...new Set([...this.records.map((r) => r.orderId), ...this.deleted])];
    await recordOrderEvents(
      this.tx,
      { type: 'order.changed', station_id: this.station.id, ...this.lastEvent, order_ids: touched },
      this.records.filter((r) => !this.deleted.has(r.orderId)),
    );
  }
}
