import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { placeOrder } from './booking';
import { carwashIds, insertRawOrder, stationIdByCarwash } from './orders.test-support';

/** A database error as Drizzle wraps it: the driver's error, with its SQLSTATE, in `cause`. */
const dbError = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });

describe('placeOrder (box assignment, DESIGN §6)', () => {
  let t: TestApp;
  let lenina: string;
  // A far-future half hour with all four boxes of «Мойка на Ленина» free.
  const start = new Date('2033-01-10T07:00:00Z');
  const end = new Date('2033-01-10T07:30:00Z');
  beforeAll(async () => {
    t = await createTestApp();
    lenina = await stationIdByCarwash(t, carwashIds.lenina);
  });
  afterAll(() => t.close());

  it('moves on to the next box when the write hits the exclusion constraint (23P01)', async () => {
    const tried: number[] = [];
    const box = await placeOrder(t.db, { stationId: lenina, start, end }, async (_tx, n) => {
      tried.push(n);
      if (n < 3) throw dbError('23P01');
      return n;
    });
    expect(box).toBe(3);
    expect(tried).toEqual([1, 2, 3]);
  });

  it('retries the same box after a deadlock, a bounded number of times', async () => {
    const tried: number[] = [];
    const box = await placeOrder(t.db, { stationId: lenina, start, end, preferBox: 2 }, async (_tx, n) => {
      tried.push(n);
      if (tried.length === 1) throw dbError('40P01');
      return n;
    });
    expect(box).toBe(2);
    expect(tried).toEqual([2, 2]);

    let attempts = 0;
    const endless = placeOrder(t.db, { stationId: lenina, start, end }, async () => {
      attempts++;
      throw dbError('40P01');
    });
    await expect(endless).rejects.toThrow('Failed query');
    expect(attempts).toBe(6);
  });

  it('passes any other failure through at once', async () => {
    let attempts = 0;
    const failing = placeOrder(t.db, { stationId: lenina, start, end }, async () => {
      attempts++;
      throw dbError('23505');
    });
    await expect(failing).rejects.toThrow('Failed query');
    expect(attempts).toBe(1);
  });

  it('answers 409 SLOT_TAKEN when every box is tried or the chosen one is taken', async () => {
    const all = placeOrder(t.db, { stationId: lenina, start, end }, async () => {
      throw dbError('23P01');
    });
    await expect(all).rejects.toMatchObject({ statusCode: 409, code: 'SLOT_TAKEN', message: 'Время занято' });

    const taken = await insertRawOrder(t, {
      stationId: lenina,
      boxNumber: 2,
      bookingStart: start,
      bookingEnd: end,
    });
    let called = false;
    const chosen = placeOrder(t.db, { stationId: lenina, start, end, onlyBox: 2 }, async () => {
      called = true;
      return 2;
    });
    await expect(chosen).rejects.toMatchObject({ statusCode: 409, code: 'SLOT_TAKEN' });
    expect(called).toBe(false);
    // A preferred box that is taken gives way to the lowest free one, unless it is the moving order's own.
    const free = await placeOrder(t.db, { stationId: lenina, start, end, preferBox: 2 }, async (_tx, n) => n);
    expect(free).toBe(1);
    const own = placeOrder(
      t.db,
      { stationId: lenina, start, end, preferBox: 2, exceptOrderId: taken.id },
      async (_tx, n) => n,
    );
    expect(await own).toBe(2);
  });
});
