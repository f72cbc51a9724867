import { describe, expect, it } from 'vitest';
import { decodeCsv, parseCsv, rowsToImport } from './clients-sheet';

describe('client files', () => {
  it('reads a Russian Excel CSV (;, quotes, BOM) by its headers', () => {
    const text =
      '\uFEFFИмя;Фамилия;Телефон;Скидка, %;Марка;Модель;Госномер\r\n' +
      'Иван;"Петров; старший";+7 (916) 123-45-67;10;Kia;Rio;А123ВС77\r\n;;;;;;\r\nОлег;;8916;;;;\r\n';
    expect(rowsToImport(parseCsv(text))).toEqual([
      {
        name: 'Иван',
        surname: 'Петров; старший',
        phone: '+7 (916) 123-45-67',
        discount: '10',
        car_brand: 'Kia',
        car_model: 'Rio',
        plate_number: 'А123ВС77',
      },
      {
        name: 'Олег',
        surname: null,
        phone: '8916',
        discount: null,
        car_brand: null,
        car_model: null,
        plate_number: null,
      },
    ]);
  });

  it('splits a single «Автомобиль» column and reads a file without headers by position', () => {
    expect(
      rowsToImport([
        ['Имя', 'Телефон', 'Автомобиль'],
        ['Анна', 79991112233, 'Lada Vesta Cross'],
      ])[0],
    ).toMatchObject({
      name: 'Анна',
      phone: 79991112233,
      car_brand: 'Lada',
      car_model: 'Vesta Cross',
    });
    expect(rowsToImport([['Анна', 'Б', '9991112233', 5]])[0]).toMatchObject({
      name: 'Анна',
      surname: 'Б',
      discount: 5,
    });
  });

  it('decodes Windows-1251 when the bytes are not UTF-8', () => {
    const bytes = new Uint8Array([0xc8, 0xec, 0xff]); // «Имя» in cp1251
    expect(decodeCsv(bytes.buffer)).toBe('Имя');
  });
});
