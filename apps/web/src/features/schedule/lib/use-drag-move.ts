import {
  useEffect,
  useRef,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { fromMinutes } from '@crm/shared';
import type { CalendarEvent } from './calendar-events';
import { HOUR_PX } from './place-events';

/** Where a moved or resized order goes: station-local day, minutes and box. */
export interface MoveTarget {
  date: string;
  startMin: number;
  endMin: number;
  box: number;
}

export interface DragOptions {
  /** The lanes' container: cards carry `data-movable`, lanes `data-box`. */
  bodyRef: RefObject<HTMLElement | null>;
  date: string;
  slotMinutes: number;
  /** Minutes a card may occupy: the day's working hours (widened to the order's own place). */
  bounds: { startMin: number; endMin: number };
  find(id: string): CalendarEvent | undefined;
  /** What the target collides with, in words («Kia Rio А123ВС77 10:00–10:30»); null when it is free. */
  conflictAt?(event: CalendarEvent, target: MoveTarget): string | null;
  onMove(event: CalendarEvent, target: MoveTarget): void;
}

/** A mouse drag starts after this many pixels, so a click still opens the order. */
const MOUSE_SLOP_PX = 4;
/** Touch: a long press picks the card up; moving before that scrolls the grid as usual. */
const LONG_PRESS_MS = 350;
const TOUCH_SLOP_PX = 8;

interface DragState {
  pointerId: number;
  touch: boolean;
  resize: boolean;
  x0: number;
  y0: number;
  card: HTMLElement;
  lane: HTMLElement;
  event: CalendarEvent;
  active: boolean;
  timer: number;
  label: HTMLElement | null;
  target: MoveTarget;
  frame: number;
  lastX: number;
  lastY: number;
}

/**
 * The live order (or blocked slot) the target would overlap in its box on its day, in words, or null. The
 * calendar's own copy: the server's exclusion constraint is what decides (409 naming the order).
 */
export function conflictWith(
  events: Iterable<CalendarEvent>,
  moving: CalendarEvent,
  target: MoveTarget,
): string | null {
  for (const e of events) {
    if (e.id === moving.id || e.isCancelled || e.date !== target.date || !e.boxes.includes(target.box))
      continue;
    if (!(e.startMin < target.endMin && target.startMin < e.endMin)) continue;
    const time = `${fromMinutes(e.startMin)}–${fromMinutes(Math.min(e.endMin, 1439))}`;
    const what =
      e.type === 'BlockerBookingSlot' ? 'слот заблокирован' : [e.car, e.plate].filter(Boolean).join(' ');
    return [what || e.title, time].join(' ');
  }
  return null;
}

export const laneLabel = (t: Pick<MoveTarget, 'startMin' | 'endMin' | 'box'>) =>
  `${fromMinutes(t.startMin)}–${fromMinutes(Math.min(t.endMin, 1439))} · Бокс ${t.box}`;

function reset(s: DragState) {
  document.body.classList.remove('tg-dragging');
  window.clearTimeout(s.timer);
  cancelAnimationFrame(s.frame);
  s.card.classList.remove('is-dragging', 'is-conflict');
  s.card.removeAttribute('data-conflict');
  s.card.style.transform = '';
  s.card.style.height = '';
  s.label?.remove();
}

function compute(s: DragState, x: number, y: number, o: DragOptions): MoveTarget {
  const { slotMinutes: slot, bounds } = o;
  const { startMin, endMin } = s.event;
  const delta = Math.round((((y - s.y0) / HOUR_PX) * 60) / slot) * slot;
  const lo = Math.min(bounds.startMin, startMin);
  const hi = Math.max(bounds.endMin, endMin);
  if (s.resize) {
    const end = Math.max(startMin + slot, Math.min(hi, endMin + delta));
    return { ...s.target, startMin, endMin: end };
  }
  const duration = endMin - startMin;
  const start = Math.max(lo, Math.min(hi - duration, startMin + delta));
  let box = s.target.box;
  for (const lane of o.bodyRef.current?.querySelectorAll<HTMLElement>('[data-box]') ?? []) {
    const rect = lane.getBoundingClientRect();
    if (x >= rect.left && x < rect.right) box = Number(lane.dataset.box);
  }
  return { ...s.target, startMin: start, endMin: start + duration, box };
}

function paint(s: DragState, o: DragOptions) {
  s.frame = 0;
  const target = compute(s, s.lastX, s.lastY, o);
  s.target = target;
  const dy = ((target.startMin - s.event.startMin) / 60) * HOUR_PX;
  let dx = 0;
  if (!s.resize) {
    const lane = o.bodyRef.current?.querySelector<HTMLElement>(`[data-box="${target.box}"]`);
    if (lane) dx = lane.getBoundingClientRect().left - s.lane.getBoundingClientRect().left;
  }
  s.card.style.transform = `translate(${dx}px, ${dy}px)`;
  if (s.resize) {
    const natural = ((target.endMin - target.startMin) / 60) * HOUR_PX;
    s.card.style.height = `${Math.max(natural, 28)}px`;
  }
  // A taken place shows as such while the card is over it (issue 38); the server still decides on the drop.
  const clash = o.conflictAt?.(s.event, target) ?? null;
  s.card.classList.toggle('is-conflict', clash !== null);
  if (clash === null) s.card.removeAttribute('data-conflict');
  else s.card.setAttribute('data-conflict', clash);
  if (s.label)
    s.label.textContent = clash === null ? laneLabel(target) : `${laneLabel(target)} · занято: ${clash}`;
  performance.mark('calendar-drag-frame');
}

function activate(s: DragState) {
  s.active = true;
  // The pointer sweeping over other cards must not select their text.
  window.getSelection()?.removeAllRanges();
  document.body.classList.add('tg-dragging');
  s.card.classList.add('is-dragging');
  const label = document.createElement('span');
  label.className = 'ev__drag';
  label.setAttribute('aria-hidden', 'true');
  label.textContent = laneLabel(s.target);
  s.card.appendChild(label);
  s.label = label;
  performance.mark('calendar-drag-start');
}

/**
 * Drag to move (another time and/or lane) and drag the bottom edge (`.ev__resize`) to resize, for mouse,
 * pen and touch. The card follows the pointer by transform only, snapped to the slot, one frame at a time
 * (`calendar-drag-frame` marks each for bench:web); React re-renders once, on the drop. Escape cancels.
 */
export function useDragMove(options: DragOptions) {
  const opts = useRef(options);
  opts.current = options;
  const state = useRef<DragState | null>(null);
  const lastDrop = useRef(0);

  useEffect(() => {
    const onPointerMove = (e: PointerEvent) => {
      const s = state.current;
      if (!s || e.pointerId !== s.pointerId) return;
      s.lastX = e.clientX;
      s.lastY = e.clientY;
      const moved = Math.hypot(e.clientX - s.x0, e.clientY - s.y0);
      if (!s.active) {
        if (s.touch) {
          // Moving before the long press is a scroll: let the browser have it.
          if (moved > TOUCH_SLOP_PX) {
            reset(s);
            state.current = null;
          }
          return;
        }
        if (moved < MOUSE_SLOP_PX) return;
        activate(s);
      }
      if (!s.frame) s.frame = requestAnimationFrame(() => paint(s, opts.current));
    };
    const finish = (e: PointerEvent, cancelled: boolean) => {
      const s = state.current;
      if (!s || e.pointerId !== s.pointerId) return;
      state.current = null;
      const wasActive = s.active;
      if (wasActive && !cancelled) s.target = compute(s, e.clientX, e.clientY, opts.current);
      reset(s);
      if (!wasActive) return;
      lastDrop.current = Date.now();
      performance.mark('calendar-drag-end');
      const t = s.target;
      const same =
        t.startMin === s.event.startMin && t.endMin === s.event.endMin && t.box === s.event.boxes[0];
      if (!cancelled && !same) opts.current.onMove(s.event, t);
    };
    const onUp = (e: PointerEvent) => finish(e, false);
    const onCancel = (e: PointerEvent) => finish(e, true);
    const onKey = (e: KeyboardEvent) => {
      const s = state.current;
      if (s && e.key === 'Escape') {
        state.current = null;
        reset(s);
        if (s.active) lastDrop.current = Date.now();
      }
    };
    // Once a touch drag is on, the finger must not scroll the grid (touch-action is pan-y there).
    const onTouchMove = (e: TouchEvent) => {
      if (state.current?.active && e.cancelable) e.preventDefault();
    };
    const onContextMenu = (e: Event) => {
      if (state.current?.touch) e.preventDefault();
    };
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey);
    window.addEventListener('touchmove', onTouchMove, { passive: false });
    window.addEventListener('contextmenu', onContextMenu);
    return () => {
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('contextmenu', onContextMenu);
      if (state.current) reset(state.current);
    };
  }, []);

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0 || state.current) return;
    const el = e.target as HTMLElement;
    const card = el.closest<HTMLElement>('.ev[data-movable]');
    const lane = card?.closest<HTMLElement>('[data-box]');
    const event = card && opts.current.find(card.dataset.eventId ?? '');
    if (!card || !lane || !event) return;
    const touch = e.pointerType === 'touch';
    const s: DragState = {
      pointerId: e.pointerId,
      touch,
      resize: !!el.closest('.ev__resize'),
      x0: e.clientX,
      y0: e.clientY,
      lastX: e.clientX,
      lastY: e.clientY,
      card,
      lane,
      event,
      active: false,
      timer: 0,
      frame: 0,
      label: null,
      target: {
        date: opts.current.date,
        startMin: event.startMin,
        endMin: event.endMin,
        box: Number(lane.dataset.box),
      },
    };
    state.current = s;
    if (touch) {
      s.timer = window.setTimeout(() => {
        if (state.current === s) {
          activate(s);
          navigator.vibrate?.(15);
        }
      }, LONG_PRESS_MS);
    } else if (s.resize) {
      // The resize handle is thin: no slop, and no text selection while dragging it.
      e.preventDefault();
    }
  };

  /** True right after a drop: the click (and a touch swipe) that ends a drag must not also act. */
  const justDropped = () => Date.now() - lastDrop.current < 400;
  const onClickCapture = (e: ReactMouseEvent) => {
    if (justDropped()) {
      e.stopPropagation();
      e.preventDefault();
    }
  };
  return { onPointerDown, onClickCapture, justDropped };
}
