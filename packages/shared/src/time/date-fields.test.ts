import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateMessages, instantProblem, isoInstant, localDate, pastLocalDate } from './date-fields';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues.map((i) => i.message);
};

describe('isoInstant (DESIGN §4, §8)', () => {
  const schema = isoInstant('Некорректное время начала');

  it.each([
    '2026-11-23T08:00:00.000Z',
    '2026-11-23T08:00:00Z',
    '2026-11-23T08:00Z',
    '2026-11-23T11:00:00+03:00',
    '2000-01-01T00:00:00.000Z',
    '2100-12-31T23:59:59.999Z',
  ])('accepts %s', (value) => expect(messageOf(schema, value)).toBeNull());

  it.each([
    'завтра',
    '2026-11-23',
    '2026-11-23 08:00:00Z',
    '2026-11-23T08:00:00',
    '2026-02-30T08:00:00Z',
    '2026-11-23T24:00:00Z',
    '',
  ])('refuses %j with the field’s own message', (value) =>
    expect(messageOf(schema, value)).toEqual(['Некорректное время начала']),
  );

  it.each([
    '-005000-03-10T08:00:00.000Z',
    '+275760-09-12T08:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '1999-12-31T23:59:59.999Z',
    '2101-01-01T00:00:00.000Z',
    '2000-01-01T02:00:00+03:00',
  ])('refuses %s as out of the 2000–2100 window', (value) =>
    expect(messageOf(schema, value)).toEqual([dateMessages.range]),
  );

  it('refuses a non-string with the field message, and has a default message', () => {
    expect(messageOf(schema, 5)).toEqual(['Некорректное время начала']);
    expect(instantProblem('x')).toBe(dateMessages.instantInvalid);
  });
});

describe('localDate', () => {
  const schema = localDate();

  it.each(['2026-11-23', '2000-01-01', '2100-12-31', '2028-02-29'])('accepts %s', (value) =>
    expect(messageOf(schema, value)).toBeNull(),
  );

  it.each([
    ['11.03.2031', dateMessages.format],
    ['2026-1-1', dateMessages.format],
    ['2026-02-30', dateMessages.invalid],
    ['2027-02-29', dateMessages.invalid],
    ['0000-01-01', dateMessages.range],
    ['1999-12-31', dateMessages.range],
    ['2101-01-01', dateMessages.range],
    ['9999-12-31', dateMessages.range],
  ])('refuses %s with one message', (value, message) => expect(messageOf(schema, value)).toEqual([message]));

  it('asks for a missing date', () => {
    expect(messageOf(z.object({ d: schema }), {})).toEqual([dateMessages.required]);
  });
});

describe('pastLocalDate (documents and people)', () => {
  const now = () => new Date('2026-11-23T12:00:00Z');
  const schema = pastLocalDate(undefined, now);

  it.each(['1900-01-01', '1985-06-15', '2026-11-23', '2026-11-24'])('accepts %s', (value) =>
    expect(messageOf(schema, value)).toBeNull(),
  );

  it.each(['1899-12-31', '2026-11-25', '2100-01-01'])('refuses %s', (value) =>
    expect(messageOf(schema, value)).toEqual([dateMessages.pastRange]),
  );

  it('reads the clock at every parse, not once', () => {
    let clock = new Date('2026-11-23T00:00:00Z');
    const moving = pastLocalDate(undefined, () => clock);
    expect(messageOf(moving, '2026-11-26')).toEqual([dateMessages.pastRange]);
    clock = new Date('2026-11-26T00:00:00Z');
    expect(messageOf(moving, '2026-11-26')).toBeNull();
  });
});
