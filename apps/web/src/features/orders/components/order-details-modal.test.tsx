import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@crm/shared';
import { makeDetails, makeOrder } from '../testing/fixtures';
import { apiError, baseRoutes, mockApi, pickOption, renderModals, type Routes } from '../testing/harness';

// Status changes wait 1 s before refreshing (S1 §4); antd renders slowly on 2 shared cores.
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

function withOrder(order: Order, extra: Routes = {}, position?: Parameters<typeof baseRoutes>[0]) {
  let current = order;
  const routes: Routes = {
    ...baseRoutes(position),
    'GET /api/order/o1': () => makeDetails(current),
    ...extra,
  };
  const calls = mockApi(routes);
  return { calls, setOrder: (next: Order) => (current = next) };
}

/** The antd dialog showing a text (ids are all «test-id» under test, so names do not resolve). */
async function dialogWith(text: string) {
  const [el] = await screen.findAllByText(text);
  return within(el!.closest('.ant-modal') as HTMLElement);
}

const button = (name: string) => screen.queryByRole('button', { name });
/** The footer with the actions, once the order has loaded. */
async function footer() {
  await waitFor(() => expect(document.querySelector('.order-actions')).not.toBeNull());
  return within(document.querySelector('.order-actions') as HTMLElement);
}

describe('order details modal', () => {
  it('shows the data of an own order in the station time zone and closes by removing orderId', async () => {
    withOrder(makeOrder());
    const { router } = renderModals('?orderId=o1&day=2030-06-03');
    expect(await screen.findByText('03.06.2030')).toBeInTheDocument();
    // 07:00Z is 10:00 in Moscow: the station's clock, not UTC (DESIGN §7).
    expect(screen.getByText('10:00–11:00 (UTC+3)')).toBeInTheDocument();
    expect(screen.getByText('1 ч')).toBeInTheDocument();
    expect(screen.getByText('Иван Петров')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Данные записи' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Оплата визита' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Close|Закрыть/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?day=2030-06-03'));
  });

  it.each([
    ['Accepted', 'Принять'],
    ['Booked', 'Начать работу'],
    ['Processing', 'Завершить'],
  ] as const)('offers the next step, cancel and edit for an own %s order', async (status, step) => {
    withOrder(makeOrder({ status }));
    renderModals('?orderId=o1');
    expect(await (await footer()).findByRole('button', { name: step })).toBeEnabled();
    expect((await footer()).getByRole('button', { name: 'Отменить запись' })).toBeEnabled();
    expect((await footer()).getByRole('button', { name: 'Редактировать' })).toBeEnabled();
  });

  it.each(['Completed', 'StationCanceled'] as const)(
    'shows no actions for a %s order, only its final state',
    async (status) => {
      withOrder(makeOrder({ status, reason: status === 'StationCanceled' ? 'TimeBusy' : null }));
      renderModals('?orderId=o1');
      const hint = status === 'Completed' ? 'Заказ выполнен.' : 'Запись отменена станцией.';
      expect((await screen.findAllByText(hint)).length).toBeGreaterThan(0);
      expect(document.querySelector('.order-actions')).toBeNull();
      for (const name of [
        'Изменить статус',
        'Отменить запись',
        'Редактировать',
        'Принять',
        'Начать работу',
        'Завершить',
      ])
        expect(button(name)).not.toBeInTheDocument();
      expect(screen.queryByText(/изменить статус невозможно/)).not.toBeInTheDocument();
    },
  );

  it('shows the client’s discount and the price before it', async () => {
    withOrder(makeOrder({ sum: 1800, discount_percent: 10, sum_before_discount: 2000 }));
    renderModals('?orderId=o1');
    expect(await screen.findByText('1 800 ₽')).toBeInTheDocument();
    expect(screen.getByText(/скидка 10 %, без скидки 2 000 ₽/)).toBeInTheDocument();
  });

  it('shows the cancel reason of a cancelled order plainly', async () => {
    withOrder(makeOrder({ status: 'StationCanceled', reason: 'TimeBusy' }));
    renderModals('?orderId=o1');
    expect((await screen.findAllByText('Причина: Время занято')).length).toBeGreaterThan(0);
  });

  it('shows the short number, not the raw id, and copies the full id', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    withOrder(makeOrder({ id: 'o1', number: 10234 }));
    renderModals('?orderId=o1');
    expect(await screen.findByText('№ 10234')).toBeInTheDocument();
    expect(screen.queryByText('o1')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Скопировать идентификатор заказа' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('o1'));
    expect(await screen.findByText('Скопировано')).toBeInTheDocument();
  });

  it('lets a worker move the status only', async () => {
    withOrder(makeOrder({ status: 'Accepted' }), {}, 'worker');
    renderModals('?orderId=o1');
    expect(await (await footer()).findByRole('button', { name: 'Принять' })).toBeEnabled();
    expect((await footer()).queryByRole('button', { name: 'Отменить запись' })).not.toBeInTheDocument();
    expect((await footer()).queryByRole('button', { name: 'Редактировать' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Оплата визита' }));
    expect(await screen.findByText('Требуется оплата')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Оплатить' })).not.toBeInTheDocument();
  });

  it('accepts an order without asking, waits, refreshes it and says so', async () => {
    const { calls, setOrder } = withOrder(makeOrder({ status: 'Accepted' }), {
      'POST /api/order_booked/o1': () => {
        setOrder(makeOrder({ status: 'Booked' }));
        return { status: 200, body: {} };
      },
    });
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Принять' }));
    expect(await screen.findByText('Статус заказа обновлен')).toBeInTheDocument();
    const step = calls.find((c) => c.path === '/api/order_booked/o1')!;
    expect(step.method).toBe('POST');
    expect(step.query.get('skip_validation')).toBeNull();
    expect(await (await footer()).findByRole('button', { name: 'Начать работу' })).toBeInTheDocument();
  });

  it('asks «Ранний старт» before an early start and then starts with skip_validation', async () => {
    const { calls } = withOrder(makeOrder({ status: 'Booked' }), {
      'POST /api/order_processing/o1': () => ({}),
    });
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Начать работу' }));
    await dialogWith('Ранний старт');
    expect(
      screen.getByText(
        'Вы уверены, что хотите начать работу более чем за 10 минут до запланированного времени?',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/order_processing/o1')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Да, начать сейчас' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/order_processing/o1')).toBe(true));
    const step = calls.find((c) => c.path === '/api/order_processing/o1')!;
    expect(step.query.get('skip_validation')).toBe('true');
    expect(await screen.findByText('Статус заказа обновлен')).toBeInTheDocument();
  });

  it('does not start when the early start is declined', async () => {
    const { calls } = withOrder(makeOrder({ status: 'Booked' }));
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Начать работу' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Отмена' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.some((c) => c.path.startsWith('/api/order_processing'))).toBe(false);
  });

  it('asks «Раннее завершение» before finishing early and reports a refused change', async () => {
    withOrder(makeOrder({ status: 'Processing', payment_method: 'paid_card', sum_completed: 1200 }), {
      'POST /api/order_completed/o1': () => apiError(409, 'TOO_EARLY', 'Рано'),
    });
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Завершить' }));
    await dialogWith('Раннее завершение');
    fireEvent.click(screen.getByRole('button', { name: 'Да, завершить сейчас' }));
    expect(
      await screen.findByText(
        'Не удалось обновить статус заказа. Возможно вы хотите сменить статус слишком рано.',
      ),
    ).toBeInTheDocument();
  });

  it('completes a paid order directly, without the payment step', async () => {
    const { calls } = withOrder(
      makeOrder({ status: 'Processing', payment_method: 'paid_cash', sum_completed: 1200 }),
      { 'POST /api/order_completed/o1': () => ({}) },
    );
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Завершить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Да, завершить сейчас' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/order_completed/o1')).toBe(true));
    expect(calls.find((c) => c.path === '/api/order_completed/o1')!.body).toBeUndefined();
    expect(screen.queryByText('Оплата при завершении')).not.toBeInTheDocument();
  });

  it('takes the payment when finishing an unpaid order: СБП, the due amount, one call', async () => {
    const { calls, setOrder } = withOrder(makeOrder({ status: 'Processing', sum: 1200 }), {
      'POST /api/order_completed/o1': () => {
        setOrder(makeOrder({ status: 'Completed', payment_method: 'paid_sbp', sum_completed: 1200 }));
        return {};
      },
    });
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Завершить' }));
    // The early-finish confirmation still comes first.
    fireEvent.click(await screen.findByRole('button', { name: 'Да, завершить сейчас' }));
    expect(await screen.findByText('Оплата при завершении')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/order_completed/o1')).toBe(false);
    const methods = screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent);
    // An own order: card, cash, СБП; «Оплачено онлайн» is for partners only.
    expect(methods).toEqual(['Оплачено картой', 'Оплачено наличными', 'Оплачено по СБП']);
    expect(screen.getByLabelText('Сумма')).toHaveValue('1200');
    fireEvent.click(screen.getByRole('radio', { name: 'Оплачено по СБП' }));
    fireEvent.click(screen.getByRole('button', { name: 'Завершить и принять оплату' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/order_completed/o1')).toBe(true));
    const done = calls.find((c) => c.path === '/api/order_completed/o1')!;
    expect(done.query.get('skip_validation')).toBe('true');
    expect(done.body).toEqual({ payment_method: 'paid_sbp', sum_completed: 1200 });
    expect(await screen.findByText('Оплата успешно оформлена!')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.order-actions')).toBeNull());
  });

  it('refuses an amount off the 50 ₽ step and can finish without payment', async () => {
    const { calls } = withOrder(makeOrder({ status: 'Processing', source: 'Benzuber', sum: 1200 }), {
      'POST /api/order_completed/o1': () => ({}),
    });
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Завершить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Да, завершить сейчас' }));
    // A partner's order may also have been paid online.
    expect(await screen.findByRole('radio', { name: 'Оплачено онлайн' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '1025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Завершить и принять оплату' }));
    expect(await screen.findByText('Сумма должна быть кратна 50 ₽')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/order_completed/o1')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Завершить без оплаты' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/order_completed/o1')).toBe(true));
    expect(calls.find((c) => c.path === '/api/order_completed/o1')!.body).toBeUndefined();
  });

  it('cancels with the chosen reason', async () => {
    const { calls, setOrder } = withOrder(makeOrder({ status: 'Booked' }), {
      'POST /api/order_canceled/o1': () => {
        setOrder(makeOrder({ status: 'StationCanceled', reason: 'TimeBusy' }));
        return {};
      },
    });
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Отменить запись' }));
    const dialog = await dialogWith('Причина отмены');
    expect(dialog.getByText('Другое')).toBeInTheDocument();
    await pickOption('Причина отмены', 'Время занято');
    fireEvent.click(dialog.getByRole('button', { name: 'Отменить запись' }));
    expect(await screen.findByText('Запись успешно отменена')).toBeInTheDocument();
    const cancel = calls.find((c) => c.path === '/api/order_canceled/o1')!;
    expect(cancel.method).toBe('POST');
    expect(cancel.query.get('cancel_reason')).toBe('TimeBusy');
    expect(cancel.body).toBeUndefined();
    await waitFor(() => expect(document.querySelector('.order-actions')).toBeNull());
  });

  it('asks for the words behind «Другое» and sends them with the cancel', async () => {
    const { calls } = withOrder(makeOrder({ status: 'Booked' }), {
      'POST /api/order_canceled/o1': () => ({}),
    });
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Отменить запись' }));
    const dialog = await dialogWith('Причина отмены');
    fireEvent.click(dialog.getByRole('button', { name: 'Отменить запись' }));
    expect(await screen.findByText('Опишите причину')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/order_canceled/o1')).toBe(false);
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: ' Клиент не приехал ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Отменить запись' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/order_canceled/o1')).toBe(true));
    const cancel = calls.find((c) => c.path === '/api/order_canceled/o1')!;
    expect(cancel.query.get('cancel_reason')).toBe('Other');
    expect(cancel.body).toEqual({ cancel_comment: 'Клиент не приехал' });
  });

  it('says when a cancel fails', async () => {
    withOrder(makeOrder({ status: 'Booked' }), {
      'POST /api/order_canceled/o1': () => apiError(500, 'INTERNAL', 'x'),
    });
    renderModals('?orderId=o1');
    fireEvent.click(await (await footer()).findByRole('button', { name: 'Отменить запись' }));
    const dialog = await dialogWith('Причина отмены');
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: 'Мойка закрыта' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Отменить запись' }));
    expect(await screen.findByText('Не удалось отменить запись')).toBeInTheDocument();
  });

  it('shows a Yandex order view-only: redirect phone and extension, no edit', async () => {
    withOrder(
      makeOrder({
        status: 'Accepted',
        source: 'Yandex',
        driver: null,
        driver_id: null,
        phones: [{ redirection_phone: '+74951234567', ext: '1234' }],
      }),
    );
    renderModals('?orderId=o1');
    expect(await screen.findByText('Вы можете редактировать только собственные заказы')).toBeInTheDocument();
    expect(screen.getByText('+7 495 123-45-67')).toBeInTheDocument();
    expect(screen.getByText(', доб. 1234')).toBeInTheDocument();
    expect((await footer()).queryByRole('button', { name: 'Редактировать' })).not.toBeInTheDocument();
    expect((await footer()).getByRole('button', { name: 'Принять' })).toBeInTheDocument();
  });

  it('says the order is unavailable when it is not found', async () => {
    mockApi({ ...baseRoutes(), 'GET /api/order/o1': () => apiError(404, 'NOT_FOUND', 'нет') });
    renderModals('?orderId=o1');
    expect(await screen.findByText('Информация о заказе недоступна')).toBeInTheDocument();
  });

  it('shows «Не указано» for a date it cannot format', async () => {
    withOrder(makeOrder({ booking_start: 'когда-нибудь' }));
    renderModals('?orderId=o1');
    expect((await screen.findAllByText('Не указано')).length).toBeGreaterThan(0);
    expect(screen.queryByText('03.06.2030')).not.toBeInTheDocument();
  });
});

describe('payment tab', () => {
  const openPayment = async () => {
    fireEvent.click(await screen.findByRole('tab', { name: 'Оплата визита' }));
  };

  it('takes a payment for an order that still needs one', async () => {
    const { calls } = withOrder(makeOrder({ sum: 1200, sum_completed: 200 }), {
      'POST /api/order/payment/o1': () => ({}),
    });
    renderModals('?orderId=o1');
    await openPayment();
    expect(await screen.findByText('Требуется оплата')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    expect(await screen.findByText('Оплата успешно оформлена!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/order/payment/o1')?.body).toEqual({
      payment_method: 'paid_card',
      sum_completed: 1200,
    });
  });

  it('reports a failed payment', async () => {
    withOrder(makeOrder(), { 'POST /api/order/payment/o1': () => apiError(500, 'INTERNAL', 'x') });
    renderModals('?orderId=o1');
    await openPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Оплатить' }));
    expect(await screen.findByText('Ошибка при оформлении оплаты')).toBeInTheDocument();
  });

  it('a partner order the partner sent unpaid is paid at the station, not «Оплачено онлайн» (issue 36)', async () => {
    withOrder(makeOrder({ source: 'Yandex', payment_method: 'not_paid', sum_completed: 0 }));
    renderModals('?orderId=o1');
    await openPayment();
    expect(await screen.findByText('Требуется оплата')).toBeInTheDocument();
    expect(screen.queryByText('Оплачено онлайн')).not.toBeInTheDocument();
  });

  it.each([
    [{ status: 'UserCanceled' as const }, 'Запись отменена'],
    [{ source: 'Yandex' as const, payment_method: 'paid' as const }, /оплатил визит через Яндекс,/],
    [{ source: 'Benzuber' as const, payment_method: 'paid' as const }, /оплатил визит через Benzuber,/],
    [{ payment_method: 'paid_cash' as const }, 'Визит полностью оплачен'],
    [{ sum_completed: 1200 }, 'Визит полностью оплачен'],
  ])('shows the case of %o without a payment form', async (over, text) => {
    withOrder(makeOrder(over));
    renderModals('?orderId=o1');
    await openPayment();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Оплатить' })).not.toBeInTheDocument();
  });
});
