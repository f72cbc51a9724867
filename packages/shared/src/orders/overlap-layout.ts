// Side-by-side layout of overlapping calendar events (S1 §2 «Overlapping events are laid out in columns»).
// Pure and allocation-light: the calendar runs it for every day column on each render of a busy week.

export interface OverlapItem {
  /** Start and end on one axis (minutes, milliseconds — any unit); `end` is exclusive. */
  start: number;
  end: number;
}

export interface OverlapSlot {
  /** 0-based column inside the item's group. */
  column: number;
  /** Columns the group is split into: the item's width is `span / columns` of the day. */
  columns: number;
  /** How many columns the item may take to its right without covering another item (≥ 1). */
  span: number;
  /** Items that overlap, directly or through a chain, share a group number (0, 1, … in time order). */
  group: number;
  /** Number of items in that group: 1 means the item overlaps nothing. */
  groupSize: number;
}

const overlaps = (a: OverlapItem, b: OverlapItem) => a.start < b.end && b.start < a.end;

/**
 * Places each item in the first column free at its start, grouping items that overlap in a chain, so a
 * group is as narrow as its busiest moment allows. Items that only touch (one ends when the next starts)
 * do not overlap. Returns one slot per item, in the input order.
 */
export function layoutOverlaps(items: readonly OverlapItem[]): OverlapSlot[] {
  const slots: OverlapSlot[] = items.map(() => ({ column: 0, columns: 1, span: 1, group: 0, groupSize: 1 }));
  // An inverted item counts as an instant at its start (the calendar gives every event a minimum visible
  // length before it gets here, so this only keeps bad data from breaking the layout).
  const norm = items.map((it) => ({ start: it.start, end: Math.max(it.end, it.start) }));
  const order = norm
    .map((_, i) => i)
    .sort((a, b) => norm[a]!.start - norm[b]!.start || norm[b]!.end - norm[a]!.end);

  let group = -1;
  let members: number[] = [];
  let columnEnds: number[] = [];
  let groupEnd = -Infinity;

  const closeGroup = () => {
    if (members.length === 0) return;
    const columns = columnEnds.length;
    for (const i of members) {
      const slot = slots[i]!;
      slot.columns = columns;
      slot.groupSize = members.length;
      // Widen to the right while the next column has nothing at this item's time.
      let span = 1;
      for (let c = slot.column + 1; c < columns; c++) {
        const blocked = members.some((j) => slots[j]!.column === c && overlaps(norm[i]!, norm[j]!));
        if (blocked) break;
        span++;
      }
      slot.span = span;
    }
  };

  for (const i of order) {
    const item = norm[i]!;
    if (item.start >= groupEnd) {
      closeGroup();
      group++;
      members = [];
      columnEnds = [];
      groupEnd = -Infinity;
    }
    let column = columnEnds.findIndex((end) => end <= item.start);
    if (column === -1) {
      column = columnEnds.length;
      columnEnds.push(item.end);
    } else {
      columnEnds[column] = item.end;
    }
    groupEnd = Math.max(groupEnd, item.end);
    slots[i]!.column = column;
    slots[i]!.group = group;
    members.push(i);
  }
  closeGroup();
  return slots;
}
