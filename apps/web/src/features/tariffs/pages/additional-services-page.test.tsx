import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { carClasses, tariffMessages as m, type AdditionalServices } from '@crm/shared';
import { setViewport } from '../../../test/render';
import { apiError, serve, showAdditionalServices } from '../testing/editing-harness';
import { station } from '../testing/harness';

beforeEach(() => setViewport(390));
afterEach(() => {
  cleanup();
  setViewport();
});

const ownGet = `GET /api/own_tariffs/price_get/${station.id}/addition_service`;
const ownSave = `POST /api/own_tariffs/price_update/update_extra/${station.id}`;
const yandexGet = `GET /api/station/tariff/${station.id}/yandex_addition_service`;
const yandexSave = `POST /api/station/tariff/${station.id}/yandex_addition_service`;

/** Wax priced in every class; engine switched on but priced only in the first five. */
function answer(): AdditionalServices {
  const price: AdditionalServices['price'] = {};
  carClasses.forEach((c, i) => {
    price[c] = {
      wax: { price: 300 + i * 50, active: true },
      ...(c === 'MicroBus' ? {} : { engine: { price: 600 + i * 100, active: true } }),
    };
  });
  return {
    price,
    active: { wax: true, engine: false },
    ru_services_names: { wax: 'Горячий воск', engine: 'Мойка двигателя' },
  };
}

const cell = (service: string, category: string) => screen.getByLabelText(`${service}, ${category}`);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

describe('AdditionalServicesPage', () => {
  it('shows a card per service on a phone and saves the whole set', async () => {
    const calls = serve({
      [ownGet]: answer,
      [ownSave]: (body) => ({ ...(body as object), ru_services_names: answer().ru_services_names }),
    });
    showAdditionalServices('own');

    expect(screen.getByRole('heading', { level: 1, name: m.additionalServicesTitle })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Цены дополнительных услуг' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Горячий воск',
      'Мойка двигателя',
    ]);
    expect(within(cards[0]!).getByLabelText('1 категория — мини')).toHaveValue('300');
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();

    fireEvent.change(cell('Горячий воск', '2 категория'), { target: { value: '380' } });
    await save();

    await waitFor(() => expect(calls.some((c) => c.key === ownSave)).toBe(true));
    const body = calls.find((c) => c.key === ownSave)!.body as AdditionalServices;
    expect(body.active).toEqual({ wax: true, engine: false });
    expect(body.price.Compact).toEqual({
      wax: { price: 380, active: true },
      engine: { price: 700, active: true },
    });
    // A switched-off service keeps its prices; an unpriced class is not offered.
    expect(body.price.MicroBus).toEqual({
      wax: { price: 550, active: true },
      engine: { price: 0, active: false },
    });
    expect(await screen.findByText('Дополнительные услуги сохранены')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Сохранить').closest('button')).toBeDisabled());
  }, 30_000);

  it('blocks the save naming the service with a zero or missing price and marks its cells', async () => {
    setViewport(1440);
    const calls = serve({ [ownGet]: answer });
    showAdditionalServices('own');

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Услуга',
      '1 категориямини',
      '2 категориякомпакт',
      '3 категориясредний класс',
      '4 категориякроссовер',
      '5 категориявнедорожник',
      '6 категориямикроавтобус',
    ]);
    await userEvent.click(screen.getByRole('switch', { name: '«Мойка двигателя» доступна на станции' }));
    fireEvent.change(cell('Мойка двигателя', '1 категория'), { target: { value: '0' } });
    await save();

    const alert = await screen.findByText('Для услуги "Мойка двигателя" необходимо указать цены больше нуля');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(cell('Мойка двигателя', '1 категория')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(m.priceRange)).toBeInTheDocument();
    expect(cell('Мойка двигателя', '6 категория')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(m.servicePriceRequired)).toBeInTheDocument();
    expect(cell('Горячий воск', '1 категория')).not.toHaveAttribute('aria-invalid');
    expect(calls.some((c) => c.key === ownSave)).toBe(false);
    expect(cell('Мойка двигателя', '1 категория')).toHaveFocus();
  }, 30_000);

  it('uses the Yandex endpoints at yandex_addition_service and shows a failed save', async () => {
    const calls = serve({
      [yandexGet]: answer,
      [yandexSave]: () =>
        apiError(400, 'Для услуги "Горячий воск" необходимо указать цены больше нуля', {
          'price.OffRoad.wax': 'Для услуги "Горячий воск" необходимо указать цены больше нуля',
        }),
    });
    showAdditionalServices('yandex');
    await screen.findByRole('list', { name: 'Цены дополнительных услуг' });
    expect(calls.some((c) => c.key === ownGet)).toBe(false);

    fireEvent.change(cell('Горячий воск', '3 категория'), { target: { value: '420' } });
    await save();
    expect(await screen.findByText(m.extrasSaveFailed)).toBeInTheDocument();
    expect(calls.some((c) => c.key === yandexSave)).toBe(true);
    expect(
      await screen.findAllByText('Для услуги "Горячий воск" необходимо указать цены больше нуля'),
    ).not.toHaveLength(0);
    expect(cell('Горячий воск', '5 категория')).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);

  it('is read-only for administrators', async () => {
    serve({ [ownGet]: answer });
    showAdditionalServices('own', { canManage: false });
    await screen.findByRole('list', { name: 'Цены дополнительных услуг' });
    expect(screen.getByText('Только просмотр')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '«Горячий воск» доступна на станции' })).toBeDisabled();
    expect(cell('Горячий воск', '1 категория')).toHaveAttribute('readonly');
  });

  it('says so when there are no services, and offers a retry when loading fails', async () => {
    serve({ [ownGet]: () => ({ price: {}, active: {}, ru_services_names: {} }) });
    showAdditionalServices('own');
    expect(await screen.findByText(m.noAdditionalServices)).toBeInTheDocument();
    cleanup();

    let fail = true;
    serve({ [ownGet]: () => (fail ? apiError(500, 'Сбой') : answer()) });
    showAdditionalServices('own');
    expect(await screen.findByText('Не удалось загрузить дополнительные услуги')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('list', { name: 'Цены дополнительных услуг' })).toBeInTheDocument();
  }, 30_000);
});
