import type { WorktimeByDay } from '@crm/shared';
import type { Database } from '../../db/client';
import { seedDemoCatalog } from './demo-catalog';
import { novosibirskRegions } from './demo-cars';
import { demoDriverRows, insertDemoDrivers } from './demo-drivers';
import { insertDemoOrders, planDemoOrders, type OrderRow, type PlanStation } from './demo-orders';
import { createRng } from './prng';

// The working life of the demo networks (issue 3 «Demo data»): price lists, clients and orders. Runs inside
// seedDemo's transaction right after the stations exist.

export interface DemoStationRef {
  id: string;
  networkId: string;
  timeZone: string;
  worktime: WorktimeByDay;
  slotDuration: number;
  boxCount: number;
}

export interface DemoActivityInput {
  now: Date;
  stations: { lenina: DemoStationRef; sadovaya: DemoStationRef; bridge: DemoStationRef };
  demoNetworkId: string;
  rivalNetworkId: string;
  /** Phones of demo users, never given to a client. */
  userPhones: string[];
  /** The administrator of «Мойка на Ленина»: author of the staff-made own orders. */
  administratorId: string | null;
  rivalOwnerId: string | null;
}

/** Days of history at «Мойка на Ленина» (six months). */
export const leninaHistoryDays = 182;

export async function seedDemoActivity(db: Database, input: DemoActivityInput) {
  const { now, stations } = input;
  const rng = createRng('demo-catalog');
  const tariffs = await seedDemoCatalog(
    db,
    [
      { id: stations.lenina.id, priceFactor: 1 },
      { id: stations.sadovaya.id, priceFactor: 0.85 },
      { id: stations.bridge.id, priceFactor: 1.1 },
    ],
    rng,
    now,
  );

  const usedPhones = new Set(input.userPhones);
  const demo = demoDriverRows(createRng('demo-drivers'), {
    networkId: input.demoNetworkId,
    count: 60,
    deleted: 3,
    now,
    usedPhones,
    novosibirskShare: 0.15,
  });
  const rival = demoDriverRows(createRng('rival-drivers'), {
    networkId: input.rivalNetworkId,
    count: 6,
    deleted: 0,
    now,
    usedPhones,
  });
  await insertDemoDrivers(db, [...demo.rows, ...rival.rows]);

  const station = (ref: DemoStationRef): PlanStation => ({ ...ref, tariffs: tariffs.get(ref.id)! });
  const demoClients = demo.list.filter((d) => !d.deleted);
  const rows: OrderRow[] = [
    ...planDemoOrders({
      key: 'lenina',
      now,
      station: station(stations.lenina),
      fromDay: -leninaHistoryDays,
      toDay: 6,
      // ~25 a day, busier at weekends; bookings thin out further ahead.
      perDay: (day, r) =>
        day > 0 ? [20, 15, 12, 10, 8, 6][day - 1]! : Math.round(25 * (0.85 + 0.3 * r.next())),
      drivers: demoClients,
      createdBy: input.administratorId,
      // Tomorrow stays open for the slot manager's story (issue 13: the administrator blocks 13:00–14:00).
      blocks: [
        { day: 2, start: '08:00', end: '09:00' },
        { day: 3, start: '19:00', end: '21:00' },
      ],
      showcase: true,
    }),
    ...planDemoOrders({
      key: 'sadovaya',
      now,
      station: station(stations.sadovaya),
      fromDay: -3,
      toDay: 4,
      perDay: (_day, r) => r.int(7, 9),
      drivers: demoClients.filter((d) =>
        d.cars.some((c) => novosibirskRegions.some((n) => c.plate.endsWith(n))),
      ),
      plateRegions: novosibirskRegions,
      createdBy: input.administratorId,
      // Its own blocking new-orders modal for the e2e, on a clock four hours ahead of Moscow's.
      incoming: true,
    }),
    ...planDemoOrders({
      key: 'bridge',
      now,
      // The rival works round the clock, but its demo day is an ordinary one.
      station: { ...station(stations.bridge), worktime: everyDay('08:00', '22:00') },
      fromDay: 0,
      toDay: 1,
      perDay: () => 8,
      drivers: rival.list,
      createdBy: input.rivalOwnerId,
    }),
  ];
  await insertDemoOrders(db, rows);
  return { tariffs: tariffs.size * 6, drivers: demo.rows.length + rival.rows.length, orders: rows.length };
}

function everyDay(start: string, end: string): WorktimeByDay {
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  return Object.fromEntries(
    days.flatMap((d) => [
      [`start_${d}`, start],
      [`end_${d}`, end],
    ]),
  );
}
