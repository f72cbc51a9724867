import { describe, expect, it } from 'vitest';
import { orderStatuses } from './order-status';
import { orderEventActions, type OrderTimelineEntry } from './order-timeline';
import { orderTimelineActor, orderTimelineLabel } from './order-timeline-labels';

const entry = (over: Partial<OrderTimelineEntry>): OrderTimelineEntry => ({
  id: 'e1',
  at: '2026-11-25T04:55:00.000Z',
  action: 'created',
  from_status: null,
  to_status: 'Accepted',
  actor_kind: 'user',
  actor_name: 'Иван Петров',
  source: 'Own',
  ...over,
});

describe('orderTimelineLabel', () => {
  it('names each action in Russian', () => {
    expect(orderTimelineLabel(entry({ action: 'created', to_status: 'Booked' }))).toBe('Новая запись');
    expect(orderTimelineLabel(entry({ action: 'updated', to_status: 'Booked' }))).toBe('Запись изменена');
    expect(orderTimelineLabel(entry({ action: 'moved', to_status: 'Booked' }))).toBe('Запись перенесена');
    expect(orderTimelineLabel(entry({ action: 'payment', to_status: 'Completed' }))).toBe('Оплата изменена');
    expect(orderTimelineLabel(entry({ action: 'soon', to_status: 'Booked' }))).toBe('Скоро начнется');
    expect(orderTimelineLabel(entry({ action: 'blocked' }))).toBe('Время заблокировано');
    expect(orderTimelineLabel(entry({ action: 'unblocked' }))).toBe('Время разблокировано');
  });

  it('names a status change by the status it reached, in the stepper’s words (S1 §2)', () => {
    const status = (to: OrderTimelineEntry['to_status']) =>
      orderTimelineLabel(entry({ action: 'status', from_status: 'Accepted', to_status: to }));
    expect(status('Booked')).toBe('Запись подтверждена');
    expect(status('Processing')).toBe('Запись в работе');
    expect(status('Completed')).toBe('Запись выполнена');
    expect(status('Canceled')).toBe('Запись отменена');
    expect(status('StationCanceled')).toBe('Запись отменена станцией');
    expect(status('UserCanceled')).toBe('Запись отменена пользователем');
  });

  it('has a non-empty label for every action and status', () => {
    for (const action of orderEventActions)
      for (const to of orderStatuses)
        expect(orderTimelineLabel(entry({ action, to_status: to }))).not.toBe('');
  });
});

describe('orderTimelineActor', () => {
  it('names the person, the partner, or the system', () => {
    expect(orderTimelineActor(entry({}))).toBe('Иван Петров');
    expect(orderTimelineActor(entry({ actor_kind: 'partner', actor_name: 'Яндекс Заправки' }))).toBe(
      'Яндекс Заправки',
    );
    expect(orderTimelineActor(entry({ actor_kind: 'system', actor_name: null }))).toBe('Система');
    expect(orderTimelineActor(entry({ actor_kind: 'client', actor_name: null }))).toBe('Клиент');
  });

  it('falls back to the source label for a nameless partner and to «Сотрудник» for a nameless user', () => {
    expect(orderTimelineActor(entry({ actor_kind: 'partner', actor_name: null, source: 'Yandex' }))).toBe(
      'Яндекс',
    );
    expect(orderTimelineActor(entry({ actor_kind: 'partner', actor_name: ' ', source: 'Lukoil' }))).toBe(
      'Lukoil',
    );
    expect(orderTimelineActor(entry({ actor_kind: 'user', actor_name: null }))).toBe('Сотрудник');
  });
});
