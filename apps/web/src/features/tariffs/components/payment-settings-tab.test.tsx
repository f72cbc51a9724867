import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serveTariffs, showTariffs, station } from '../testing/harness';
import { expectMessages } from '../../../test/form-messages';

afterEach(cleanup);

const path = `/station/${station.id}/tariffs?tab=payment`;
const strategy = { booking: true, payment: true, robot: false };
const field = (name: string) => screen.findByRole('spinbutton', { name });

describe('PaymentSettingsTab', { timeout: 60_000 }, () => {
  it('checks min, step and max with the S2 §5 messages, then saves', async () => {
    const calls = serveTariffs({ strategy, payment: { min: 100, step: 50, max: 10000 } });
    showTariffs(path);
    const min = await field('Минимум, ₽');
    const max = await field('Максимум, ₽');
    expect(min).toHaveValue('100');

    await userEvent.clear(min);
    await userEvent.clear(max);
    await userEvent.type(max, '0');
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    await expectMessages('Обязательное поле', 'Минимум 1 рубль');

    await userEvent.type(min, '500');
    await userEvent.clear(max);
    await userEvent.type(max, '300');
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect(await screen.findByText('Максимум должен быть больше минимума')).toBeInTheDocument();
    expect(calls.requests).toHaveLength(0);

    await userEvent.clear(max);
    await userEvent.type(max, '5000');
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect(await screen.findByText('Настройки оплаты успешно обновлены')).toBeInTheDocument();
    expect(calls.requests).toEqual([
      {
        method: 'POST',
        path: `/api/station/payment-settings/${station.id}`,
        body: { min: 500, step: 50, max: 5000 },
      },
    ]);
  });

  it('is read-only for staff who may not edit', async () => {
    serveTariffs({ strategy });
    showTariffs(path, undefined, {}, false);
    expect(await field('Шаг, ₽')).toBeDisabled();
    expect(screen.getByText('Изменять могут владелец и управляющий')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Сохранить/ })).not.toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    serveTariffs({ strategy, payment: { status: 500 } });
    showTariffs(path);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка загрузки тарифов');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
