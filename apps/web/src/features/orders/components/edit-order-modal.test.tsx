import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '@crm/shared';
import { makeDetails, makeOrder } from '../testing/fixtures';
import { apiError, baseRoutes, mockApi, renderModals, type Routes } from '../testing/harness';

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const valueOf = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;
const editForm = async () => {
  const heading = await screen.findByText('Редактирование записи');
  return within(heading.closest('.ant-modal') as HTMLElement);
};

function open(order: Order, extra: Routes = {}) {
  const calls = mockApi({ ...baseRoutes(), 'GET /api/order/o1': () => makeDetails(order), ...extra });
  const view = renderModals('?orderId=o1&edit=1');
  return { calls, ...view };
}

describe('edit order modal', () => {
  it('opens from the details modal with «Редактировать» and closes back to it', async () => {
    mockApi({ ...baseRoutes(), 'GET /api/order/o1': () => makeDetails(makeOrder()) });
    const { router } = renderModals('?orderId=o1');
    fireEvent.click(await screen.findByRole('button', { name: 'Редактировать' }));
    await editForm();
    expect(router.state.location.search).toBe('?orderId=o1&edit=1');
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(router.state.location.search).toBe('?orderId=o1'));
  });

  it('starts with the order, in its sections, on the station clock', async () => {
    open(makeOrder({ sum: 1500, sum_manual: true }));
    const form = await editForm();
    for (const section of [
      'Тариф',
      'Время записи',
      'Автомобиль',
      'Контактные данные',
      'Услуги и стоимость',
      'Комментарий',
    ]) {
      expect(form.getByRole('region', { name: section })).toBeInTheDocument();
    }
    expect(valueOf('Время начала')).toBe('10:00');
    expect(valueOf('Время окончания')).toBe('11:00');
    expect(valueOf('Госномер')).toBe('А123ВС77');
    await waitFor(() => expect(valueOf('Стоимость')).toBe('1 500'));
    expect(form.getByText('(изменено)')).toBeInTheDocument();
    expect(valueOf('Клиент')).toBe('Иван Петров');
  });

  it('shows services and cost only once the tariff and category are known', async () => {
    open(makeOrder({ basket: { ...makeOrder().basket, tariff_id: null } }));
    const form = await editForm();
    expect(form.getByRole('region', { name: 'Тариф' })).toBeInTheDocument();
    expect(form.queryByRole('region', { name: 'Услуги и стоимость' })).not.toBeInTheDocument();
  });

  it('asks to choose brand and model with the edit wording', async () => {
    open(makeOrder({ client_car: { ...makeOrder().client_car, brand: '', model: '' } }));
    const form = await editForm();
    fireEvent.click(form.getByRole('button', { name: 'Сохранить' }));
    expect(await form.findByText('Выберите марку автомобиля')).toBeInTheDocument();
    expect(await form.findByText('Выберите модель автомобиля')).toBeInTheDocument();
  });

  it('spins «Сохранить» from the press until the form answers with its errors', async () => {
    open(makeOrder({ client_car: { ...makeOrder().client_car, brand: '', model: '' } }));
    const form = await editForm();
    const save = form.getByRole('button', { name: 'Сохранить' });
    fireEvent.click(save);
    expect(save).toHaveClass('ant-btn-loading');
    expect(await form.findByText('Выберите марку автомобиля')).toBeInTheDocument();
    await waitFor(() => expect(save).not.toHaveClass('ant-btn-loading'));
  });

  it('saves with the update call and returns to the details', async () => {
    let sent: { comment?: string; bookingStart?: string; basket?: { tariffId?: string } } | undefined;
    const { router } = open(makeOrder(), {
      'POST /api/own_order/update/o1': (body) => {
        sent = body as typeof sent;
        return {};
      },
    });
    const form = await editForm();
    fireEvent.change(screen.getByRole('textbox', { name: 'Комментарий' }), {
      target: { value: 'Клиент опоздает' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Заказ успешно обновлен')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?orderId=o1'));
    expect(sent).toMatchObject({
      comment: 'Клиент опоздает',
      bookingStart: '2030-06-03T07:00:00.000Z',
      basket: { tariffId: 't-complex' },
    });
  });

  it('spins «Сохранить» until the server answers, and the save is a mutation of the cache', async () => {
    let answer: (value: unknown) => void = () => {};
    const { queryClient } = open(makeOrder(), {
      'POST /api/own_order/update/o1': () => new Promise((resolve) => (answer = resolve)),
    });
    const form = await editForm();
    const save = form.getByRole('button', { name: 'Сохранить' });
    fireEvent.click(save);
    await waitFor(() => expect(queryClient.getMutationCache().getAll()).toHaveLength(1));
    expect(save).toHaveClass('ant-btn-loading');
    answer({});
    expect(await screen.findByText('Заказ успешно обновлен')).toBeInTheDocument();
    // The push prompt counts each successful mutation as a significant action (S1, push notifications).
    expect(queryClient.getMutationCache().getAll()[0]!.state.status).toBe('success');
  });

  it('shows «Время занято» on the time when the new time is taken', async () => {
    const { router } = open(makeOrder(), {
      'POST /api/own_order/update/o1': () => apiError(409, 'SLOT_TAKEN', 'Время занято'),
    });
    const form = await editForm();
    fireEvent.click(form.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не удалось обновить заказ')).toBeInTheDocument();
    expect(await form.findByText('Время занято')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?orderId=o1&edit=1');
  });

  it('does not open for an order of another source', async () => {
    open(makeOrder({ source: 'Yandex' }));
    expect(await screen.findByText('Вы можете редактировать только собственные заказы')).toBeInTheDocument();
    expect(screen.queryByText('Редактирование записи')).not.toBeInTheDocument();
  });
});
