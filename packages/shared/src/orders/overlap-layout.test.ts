import { describe, expect, it } from 'vitest';
import { layoutOverlaps } from './overlap-layout';

const at = (start: number, end: number) => ({ start, end });

describe('layoutOverlaps', () => {
  it('gives events that do not overlap the whole width, each in its own group', () => {
    const slots = layoutOverlaps([at(0, 30), at(60, 90), at(120, 150)]);
    expect(slots.map((s) => [s.column, s.columns, s.span, s.groupSize])).toEqual([
      [0, 1, 1, 1],
      [0, 1, 1, 1],
      [0, 1, 1, 1],
    ]);
    expect(new Set(slots.map((s) => s.group)).size).toBe(3);
  });

  it('does not count touching events (one ends as the next starts) as overlapping', () => {
    const slots = layoutOverlaps([at(0, 30), at(30, 60)]);
    expect(slots.every((s) => s.columns === 1 && s.groupSize === 1)).toBe(true);
  });

  it('puts overlapping events side by side in one group', () => {
    const slots = layoutOverlaps([at(0, 60), at(30, 90)]);
    expect(slots.map((s) => [s.column, s.columns])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(slots[0]!.group).toBe(slots[1]!.group);
    expect(slots[0]!.groupSize).toBe(2);
  });

  it('splits four identical bookings (four boxes) into four columns', () => {
    const slots = layoutOverlaps([at(600, 630), at(600, 630), at(600, 630), at(600, 630)]);
    expect(slots.map((s) => s.column).sort()).toEqual([0, 1, 2, 3]);
    expect(slots.every((s) => s.columns === 4 && s.span === 1 && s.groupSize === 4)).toBe(true);
  });

  it('reuses a column freed earlier in a chain: A–B overlap, B–C overlap, A and C do not', () => {
    const [a, b, c] = layoutOverlaps([at(0, 60), at(30, 120), at(60, 90)]);
    expect(a).toMatchObject({ column: 0, columns: 2 });
    expect(b).toMatchObject({ column: 1, columns: 2 });
    expect(c).toMatchObject({ column: 0, columns: 2 });
    expect(new Set([a!.group, b!.group, c!.group]).size).toBe(1);
    expect(a!.groupSize).toBe(3);
  });

  it('widens an event over columns that are free at its time', () => {
    // A long event, two short ones beside it early on, then one alone beside it later.
    const [long, s1, s2, late] = layoutOverlaps([at(0, 240), at(0, 30), at(0, 30), at(120, 150)]);
    expect(long).toMatchObject({ column: 0, columns: 3, span: 1 });
    expect(s1).toMatchObject({ column: 1, span: 1 });
    expect(s2).toMatchObject({ column: 2, span: 1 });
    // Column 1 is reused at 120, column 2 is empty then: the late event takes both.
    expect(late).toMatchObject({ column: 1, span: 2 });
  });

  it('answers in the input order whatever the order of times', () => {
    const slots = layoutOverlaps([at(30, 90), at(0, 60), at(200, 230)]);
    expect(slots[1]).toMatchObject({ column: 0, columns: 2 });
    expect(slots[0]).toMatchObject({ column: 1, columns: 2 });
    expect(slots[2]).toMatchObject({ column: 0, columns: 1, groupSize: 1 });
    expect(slots[2]!.group).toBeGreaterThan(slots[0]!.group);
  });

  it('puts the longer of two events starting together in the first column', () => {
    const [short, long] = layoutOverlaps([at(0, 30), at(0, 90)]);
    expect(long!.column).toBe(0);
    expect(short!.column).toBe(1);
  });

  it('treats an inverted event as an instant at its start: beside an event that covers it', () => {
    const [inverted, covering, later] = layoutOverlaps([at(50, 40), at(0, 60), at(70, 80)]);
    expect(covering).toMatchObject({ column: 0, columns: 2 });
    expect(inverted).toMatchObject({ column: 1, columns: 2 });
    expect(later).toMatchObject({ column: 0, columns: 1, groupSize: 1 });
  });

  it('returns nothing for nothing', () => {
    expect(layoutOverlaps([])).toEqual([]);
  });
});
