import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { carClasses } from '@crm/shared';
import { apiError, mockApi, renderPage } from '../../stations/testing/render';
import { TariffsStep } from './tariffs-step';

const createKey = 'POST /api/own_tariffs/create/s1';
const updateKey = (id: string) => `POST /api/own_tariffs/price_update/update_includes/s1/${id}`;

/** A saved own tariff's config: every category at `price`. */
const config = (id: string, name: string, price: number) => ({
  price: {
    id,
    name,
    description: '',
    active: true,
    durationMinutes: Object.fromEntries(carClasses.map((c) => [c, 30])),
    priceElements: [
      {
        clientGroup: 'Individual',
        priceComponent: Object.fromEntries(
          carClasses.map((c) => [c, { includeServiceAmount: price, additionalServiceAmounts: {} }]),
        ),
      },
    ],
    includeService: ['body_wash'],
    additionService: [],
  },
  cars: {},
  ru_services_names: {},
});

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const price = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('TariffsStep', () => {
  beforeEach(() => localStorage.setItem('crm.wizard.tour.tariffs', '1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('creates the three starter tariffs in order with the prices typed; a refused one is retried alone', async () => {
    let refuse = true;
    // The server's list: each created tariff joins it (the step refetches it after every save).
    const list: { id: string; name: string; active: boolean }[] = [];
    const routes: Record<string, (body: unknown) => unknown> = {
      'GET /api/own_tariffs/list/s1': () => ({ prices_list: list }),
      [createKey]: (body) => {
        const { name } = body as { name: string };
        if (name === 'Комплекс' && refuse) {
          refuse = false;
          return apiError(503, 'Сервис временно недоступен');
        }
        const id = `t${list.length + 1}`;
        list.push({ id, name, active: true });
        routes[`GET /api/own_tariffs/price_get/s1/${id}`] = () => config(id, name, 100);
        return { id };
      },
    };
    const api = mockApi(routes);
    vi.stubGlobal('fetch', api.fetchMock);
    const onDone = vi.fn();
    const onBack = vi.fn();
    renderPage(<TariffsStep stationId="s1" onBack={onBack} onDone={onDone} />);

    // Prefilled; back from the first tariff is the wizard's previous step.
    expect((await screen.findByLabelText('Экспресс, 1 категория')) as HTMLInputElement).toHaveValue('500');
    press('Назад');
    expect(onBack).toHaveBeenCalledOnce();

    fireEvent.change(price('Экспресс, 1 категория'), { target: { value: '550' } });
    press('Следующий тариф');
    await screen.findByRole('heading', { name: 'Тариф «Комплекс»' });
    press('Следующий тариф');
    await screen.findByRole('heading', { name: 'Тариф «Максимум»' });
    press('Готово');

    expect(await screen.findByText('Не сохранены: «Комплекс»', { exact: false })).toBeInTheDocument();
    const creates = () =>
      api.calls
        .filter((c) => c.key === createKey)
        .map((c) => c.body as { name: string; class_to_price: Record<string, number> });
    expect(creates().map((b) => b.name)).toEqual(['Экспресс', 'Комплекс', 'Максимум']);
    expect(creates()[0]!.class_to_price.Mini).toBe(550);
    expect(onDone).not.toHaveBeenCalled();

    press('Готово');
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(creates().map((b) => b.name)).toEqual(['Экспресс', 'Комплекс', 'Максимум', 'Комплекс']);
  });

  it('updates the prices of the station tariffs it has, only those changed, and refuses an empty price', async () => {
    const api = mockApi({
      'GET /api/own_tariffs/list/s1': () => ({
        prices_list: [
          { id: 'e', name: 'Экспресс', active: true },
          { id: 'c', name: 'Комплекс', active: true },
          { id: 'm', name: 'Максимум', active: true },
        ],
      }),
      'GET /api/own_tariffs/price_get/s1/e': () => config('e', 'Экспресс', 700),
      'GET /api/own_tariffs/price_get/s1/c': () => config('c', 'Комплекс', 1500),
      'GET /api/own_tariffs/price_get/s1/m': () => config('m', 'Максимум', 3000),
      [updateKey('c')]: () => config('c', 'Комплекс', 1600),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const onDone = vi.fn();
    renderPage(<TariffsStep stationId="s1" onBack={() => {}} onDone={onDone} />);

    expect((await screen.findByLabelText('Экспресс, 1 категория')) as HTMLInputElement).toHaveValue('700');
    press('Следующий тариф');
    await screen.findByRole('heading', { name: 'Тариф «Комплекс»' });
    fireEvent.change(price('Комплекс, 3 категория'), { target: { value: '' } });
    press('Следующий тариф');
    expect(await screen.findByText('Введите стоимость')).toBeInTheDocument();
    fireEvent.change(price('Комплекс, 3 категория'), { target: { value: '1600' } });
    press('Следующий тариф');
    await screen.findByRole('heading', { name: 'Тариф «Максимум»' });
    press('Готово');

    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const writes = api.calls.filter((c) => c.key.startsWith('POST'));
    expect(writes.map((c) => c.key)).toEqual([updateKey('c')]);
    expect(writes[0]!.body).toMatchObject({
      price_active: true,
      class_to_price: { MiddleSize: 1600, Mini: 1500 },
    });
    expect(await screen.findByText('Все тарифы успешно обновлены')).toBeInTheDocument();
  });
});
