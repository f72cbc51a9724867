import { describe, expect, it } from 'vitest';
import { groupImportRows, validateImportRow } from '@crm/shared';
import { makeDriver } from '../testing/harness';
import { buildClientsWorkbook, parseClientsFile } from './clients-workbook';

describe('clients workbook', () => {
  it('exports one row per car and imports back to the same clients', async () => {
    const drivers = [
      makeDriver({
        name: 'Иван',
        surname: 'Петров',
        phone: '+79161234567',
        discount: 10,
        cars: [
          { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС77' },
          { brand: 'Lada', model: 'Vesta' },
        ],
      }),
      makeDriver({ name: 'Анна', surname: '', phone: '+79990001122', discount: 0, cars: [] }),
    ];
    const progress: number[] = [];
    const file = await buildClientsWorkbook(drivers, (done) => progress.push(done));
    expect(progress.at(-1)).toBe(2);
    const rows = await parseClientsFile(file, 'Клиенты.xlsx');
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => validateImportRow(r))).toEqual([
      {
        ok: {
          name: 'Иван',
          surname: 'Петров',
          phone: '+79161234567',
          discount: 10,
          cars: [{ brand: 'Kia', model: 'Rio', plate_number: 'А123ВС77' }],
        },
      },
      {
        ok: {
          name: 'Иван',
          surname: 'Петров',
          phone: '+79161234567',
          discount: 10,
          cars: [{ brand: 'Lada', model: 'Vesta' }],
        },
      },
      { ok: { name: 'Анна', surname: '', phone: '+79990001122', discount: 0, cars: [] } },
    ]);
    // The import reads Иван's second row as his second car, not a duplicate to skip (issue 38).
    const { results, clients } = groupImportRows(rows);
    expect(results.map((r) => r.status)).toEqual(['create', 'car', 'create']);
    expect(clients.map((c) => [c.driver.name, c.driver.cars])).toEqual([
      [
        'Иван',
        [
          { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС77' },
          { brand: 'Lada', model: 'Vesta' },
        ],
      ],
      ['Анна', []],
    ]);
  });
});
