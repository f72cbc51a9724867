import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Driver } from '@crm/shared';
import { renderRoutes } from '../../../test/render';
import { apiError } from '../../orders/testing/harness';
import { makeDriver, serveClients } from '../testing/harness';
import { ClientFormModal } from './client-form-modal';

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const networkId = '3b1d7f8e-2a4c-4d5e-8f90-1a2b3c4d5e6f';

function open(
  driver: Driver | null,
  routes: Parameters<typeof serveClients>[0] = {},
  network: string | null = networkId,
) {
  const calls = serveClients(routes);
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '/clients',
        element: <ClientFormModal driver={driver} networkId={network} onClose={onClose} />,
      },
    ],
    '/clients',
  );
  return { calls, onClose };
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('client form', () => {
  it('masks the phone as +7 (000) 000-00-00 while typing', async () => {
    open(null);
    type('Телефон', '9161234567');
    expect(input('Телефон').value).toBe('+7 (916) 123-45-67');
    type('Телефон', '8 916 555');
    expect(input('Телефон').value).toBe('+7 (916) 555');
    fireEvent.blur(input('Телефон'));
    expect(await screen.findByText('Введите корректный номер телефона')).toBeInTheDocument();
  });

  it('keeps «Создать клиента» disabled until the form changes, then creates with the spec’s texts', async () => {
    let sent: unknown;
    const { onClose } = open(null, {
      'POST /api/drivers/create': (body) => {
        sent = body;
        return { id: 'd9', driver: makeDriver({ id: 'd9', name: 'Анна' }) };
      },
    });
    expect(submit('Создать клиента')).toBeDisabled();
    type('Фамилия', 'Иванова');
    await waitFor(() => expect(submit('Создать клиента')).toBeEnabled());
    fireEvent.click(submit('Создать клиента'));
    expect(await screen.findByText('Пожалуйста, введите имя клиента')).toBeInTheDocument();
    type('Имя', 'Анна');
    type('Телефон', '9990001122');
    fireEvent.change(input('Скидка'), { target: { value: '10' } });
    fireEvent.click(submit('Создать клиента'));
    expect(await screen.findByText('Клиент успешно создан')).toBeInTheDocument();
    expect(sent).toEqual({
      network_id: networkId,
      name: 'Анна',
      surname: 'Иванова',
      phone: '+79990001122',
      discount: 10,
      cars: [],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('edits the phone and discount of a client; back to the start disables «Сохранить» again', async () => {
    const ivan = makeDriver({ id: 'd1', discount: 0 });
    let sent: unknown;
    open(ivan, {
      'POST /api/drivers/update/d1': (body) => {
        sent = body;
        return { driver: { ...ivan, discount: 10 } };
      },
    });
    expect(input('Телефон').value).toBe('+7 (916) 123-45-67');
    expect(submit('Сохранить')).toBeDisabled();
    type('Телефон', '9161234568');
    await waitFor(() => expect(submit('Сохранить')).toBeEnabled());
    type('Телефон', '9161234567');
    await waitFor(() => expect(submit('Сохранить')).toBeDisabled());
    type('Телефон', '9035550011');
    fireEvent.change(input('Скидка'), { target: { value: '10' } });
    fireEvent.click(submit('Сохранить'));
    expect(await screen.findByText('Клиент успешно обновлен')).toBeInTheDocument();
    expect(sent).toMatchObject({ phone: '+79035550011', discount: 10 });
  });

  it('shows a taken phone on the phone field and «Не удалось обновить клиента»', async () => {
    const ivan = makeDriver({ id: 'd2' });
    open(ivan, {
      'POST /api/drivers/update/d2': () =>
        apiError(409, 'CONFLICT', 'Клиент с таким телефоном уже есть: Олег Сидоров'),
    });
    type('Телефон', '9035550011');
    await waitFor(() => expect(submit('Сохранить')).toBeEnabled());
    fireEvent.click(submit('Сохранить'));
    expect(await screen.findByText('Не удалось обновить клиента')).toBeInTheDocument();
    expect(
      (await screen.findAllByText('Клиент с таким телефоном уже есть: Олег Сидоров')).length,
    ).toBeGreaterThan(0);
  });

  it('needs a selected station to create', async () => {
    open(null, {}, null);
    type('Имя', 'Анна');
    type('Телефон', '9990001122');
    await waitFor(() => expect(submit('Создать клиента')).toBeEnabled());
    fireEvent.click(submit('Создать клиента'));
    expect(await screen.findByText('Необходимо выбрать станцию для создания клиента')).toBeInTheDocument();
  });
});
