import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { applyDiscount, type Driver } from '@crm/shared';
import {
  apiError,
  baseRoutes,
  fieldOf,
  mockApi,
  pickOption,
  renderModals,
  type Routes,
} from '../testing/harness';

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

// 07:00Z = 10:00 in Moscow, the station's zone.
const preset = '?newOrder=2030-06-03T07:00:00.000Z';

const type = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const valueOf = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;
/** What a select shows, found by its field id. */
const shown = (id: string) => document.getElementById(id)?.closest('.ant-select')?.textContent ?? '';

async function open(extra: Routes = {}) {
  const calls = mockApi({ ...baseRoutes(), ...extra });
  const view = renderModals(preset);
  await screen.findByText('Новая запись');
  await waitFor(() => expect(valueOf('Время начала')).toBe('10:00'));
  return { calls, ...view };
}

/** A Toyota RAV4 (Crossover) on «Экспресс», plate filled: a form that can be sent. */
async function fillValid() {
  await pickOption('Тариф', 'Экспресс');
  type('Марка', 'Toyota');
  type('Модель', 'RAV4');
  type('Госномер', 'a123bc777');
  await waitFor(() => expect(valueOf('Стоимость')).toBe('1 000'));
}

describe('new order modal', () => {
  it('starts at the clicked time for one slot', async () => {
    await open();
    expect(valueOf('Дата')).toBe('03.06.2030');
    expect(valueOf('Время окончания')).toBe('10:30');
    expect(valueOf('Длительность')).toBe('30 мин');
    expect(screen.getByText('Время (UTC+3)')).toBeInTheDocument();
  });

  it('shows the spec messages for every missing field', async () => {
    await open();
    fireEvent.mouseDown(screen.getByLabelText('Способ оплаты').closest('.ant-select')!);
    fireEvent.click(document.querySelector('.ant-select-clear') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Создать запись' }));
    expect(await screen.findByText('Выберите тариф')).toBeInTheDocument();
    for (const text of [
      'Введите марку автомобиля',
      'Введите модель автомобиля',
      'Выберите категорию автомобиля',
      // An empty plate is missing, not malformed (issue 10).
      'Введите госномер',
      'Выберите метод оплаты',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText(/Неверный формат номера/)).not.toBeInTheDocument();
  });

  it('uppercases the plate and strips other characters', async () => {
    await open();
    type('Госномер', 'a 123-bc 77');
    expect(valueOf('Госномер')).toBe('А123ВС77');
    expect(screen.queryByText(/Неверный формат номера/)).not.toBeInTheDocument();
    type('Госномер', 'А12');
    expect(
      await screen.findByText('Неверный формат номера. Пример: А123ВС77 или А123ВС777'),
    ).toBeInTheDocument();
  });

  it('checks the comment length with a counter', async () => {
    await open();
    type(/^Комментарий/, 'а'.repeat(301));
    expect(await screen.findByText('Комментарий не должен превышать 300 символов')).toBeInTheDocument();
    expect(screen.getByText('301 / 300')).toBeInTheDocument();
  });

  it('reverts an invalid typed time and moves the end with the start', async () => {
    await open();
    type('Время начала', '25:00');
    expect(valueOf('Время начала')).toBe('10:00');
    type('Время начала', '1130');
    expect(valueOf('Время начала')).toBe('11:30');
    await waitFor(() => expect(valueOf('Время окончания')).toBe('12:00'));
    type('Время окончания', '00:00');
    // An end of 00:00 means the end of the day (S1 §5).
    expect(valueOf('Время окончания')).toBe('23:59');
  });

  it('fills class and category from the model and clears them with the brand', async () => {
    await open();
    type('Марка', 'Toyota');
    type('Модель', 'RAV4');
    await waitFor(() => expect(shown('category')).toBe('4 категория — кроссовер'));
    type('Марка', 'Kia');
    await waitFor(() => expect(valueOf('Модель')).toBe(''));
    expect(shown('category')).toBe('Выберите категорию');
    type('Модель', 'Rio');
    await waitFor(() => expect(shown('category')).toBe('2 категория — компакт'));
  });

  it('fills the category from a model typed before the car list came', async () => {
    let answerCars = () => {};
    const cars = baseRoutes()['GET /api/cars/collections']!;
    const carsLater = new Promise((resolve) => {
      answerCars = () => resolve(cars(undefined, new URL('http://localhost')));
    });
    await open({ 'GET /api/cars/collections': () => carsLater });
    type('Марка', 'Toyota');
    type('Модель', 'RAV4');
    expect(shown('category')).toBe('Выберите категорию');
    answerCars();
    await waitFor(() => expect(shown('category')).toBe('4 категория — кроссовер'));
  });

  it('recalculates price and end time when the tariff, category or extras change', async () => {
    await open();
    await pickOption('Тариф', 'Экспресс');
    type('Марка', 'Toyota');
    type('Модель', 'RAV4');
    // Экспресс, Crossover: 1 000 ₽, 60 min.
    await waitFor(() => expect(valueOf('Стоимость')).toBe('1 000'));
    expect(valueOf('Время окончания')).toBe('11:00');
    expect(screen.queryByText('Экспресс-полировка')).not.toBeInTheDocument();

    fireEvent.click(await screen.findByRole('checkbox', { name: /Горячий воск/ }));
    // + wax 400 ₽ and 10 min: 70 min rounded up to 90 (three 30-minute slots).
    await waitFor(() => expect(valueOf('Стоимость')).toBe('1 400'));
    expect(valueOf('Время окончания')).toBe('11:30');

    await pickOption('Категория', '3 категория — средний класс');
    await waitFor(() => expect(valueOf('Стоимость')).toBe('1 150'));
    expect(valueOf('Время окончания')).toBe('11:00');

    await pickOption('Тариф', 'Комплекс');
    await waitFor(() => expect(valueOf('Стоимость')).toBe('1 550'));
  });

  it('marks a typed total «(изменено)» and keeps it when the price changes', async () => {
    await open();
    await fillValid();
    expect(screen.queryByText('(изменено)')).not.toBeInTheDocument();
    type('Стоимость', '2000');
    expect(await screen.findByText('(изменено)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Горячий воск/ }));
    expect(await screen.findByText('По тарифу: 1 400 ₽')).toBeInTheDocument();
    expect(valueOf('Стоимость')).toBe('2 000');
    fireEvent.click(screen.getByRole('button', { name: 'Вернуть' }));
    await waitFor(() => expect(valueOf('Стоимость')).toBe('1 400'));
    expect(screen.queryByText('(изменено)')).not.toBeInTheDocument();
  });

  it('refuses a total off the 50 ₽ step', async () => {
    await open();
    type('Стоимость', '1020');
    expect(await screen.findByText('Сумма должна быть кратна 50 ₽')).toBeInTheDocument();
  });

  it('sends the create payload in UTC and closes with the success message', async () => {
    let sent: unknown;
    const { router } = await open({
      'POST /api/create_order/s1': (body) => {
        sent = body;
        return { status: 201, body: {} };
      },
    });
    await fillValid();
    type(/^Телефон клиента/, '8 916 123-45-67');
    fireEvent.click(screen.getByRole('button', { name: 'Создать запись' }));
    expect(await screen.findByText('Заказ успешно создан')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // No box asked for: the server picks the lowest free one.
    expect(sent).toEqual({
      car: {
        brand: 'Toyota',
        model: 'RAV4',
        modelId: 'toyota-rav4',
        class: 'Crossover',
        bodyType: 'Кроссовер',
        category: 'Crossover',
        plateNumber: 'А123ВС777',
      },
      bookingStart: '2030-06-03T07:00:00.000Z',
      bookingEnd: '2030-06-03T08:00:00.000Z',
      paymentMethod: 'not_paid',
      comment: '',
      phones: [{ redirection_phone: '89161234567' }],
      driver_id: null,
      basket: {
        slotId: '030630_1000_1100',
        tariffId: 't-express',
        clientType: 'Individual',
        totalDurationMinutes: 60,
        totalAmount: 1000,
        includeServiceAmount: 1000,
        additionalServiceAmounts: {},
      },
    });
  });

  it('books the box of the clicked cell (`&box=`) and clears it with the modal', async () => {
    let sent: { box_number?: number } | undefined;
    mockApi({
      ...baseRoutes(),
      'POST /api/create_order/s1': (body) => {
        sent = body as { box_number?: number };
        return {};
      },
    });
    const { router } = renderModals(`${preset}&box=3&day=2030-06-03`);
    await waitFor(() => expect(shown('order-box')).toBe('Бокс 3 — свободен'));
    await waitFor(() => expect(valueOf('Время начала')).toBe('10:00'));
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Создать запись' }));
    expect(await screen.findByText('Заказ успешно создан')).toBeInTheDocument();
    expect(sent?.box_number).toBe(3);
    await waitFor(() => expect(router.state.location.search).toBe('?day=2030-06-03'));
  });

  it('«Бокс»: «Любой свободный» from the toolbar, a taken box marked with its order, chosen and refused', async () => {
    let sent: { box_number?: number } | undefined;
    // Box 2 holds № 10234 from 10:00 to 10:30 on the day (07:00Z, Moscow).
    const row = [
      'o-2',
      10234,
      1,
      0,
      0,
      Date.parse('2030-06-03T07:00:00Z') / 1000,
      30,
      2,
      1000,
      'Kia',
      'Rio',
      'А123ВС77',
    ];
    await open({
      'GET /api/order/calendar': () => ({ rows: [row] }),
      'POST /api/create_order/s1': (body) => {
        sent = body as { box_number?: number };
        return apiError(409, 'SLOT_TAKEN', 'Время занято: № 10234, Kia Rio А123ВС77, 10:00–10:30');
      },
    });
    expect(shown('order-box')).toBe('Любой свободный');
    await pickOption('Бокс', 'Бокс 2 — занят: № 10234 · Kia Rio А123ВС77 · 10:00–10:30');
    expect(
      await screen.findByText('В это время бокс занят: № 10234 · Kia Rio А123ВС77 · 10:00–10:30'),
    ).toBeInTheDocument();
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Создать запись' }));
    expect(
      await fieldOf('Время начала').findByText('Время занято: № 10234, Kia Rio А123ВС77, 10:00–10:30'),
    ).toBeInTheDocument();
    expect(sent?.box_number).toBe(2);
  });

  it('ignores a malformed box and lets the server choose', async () => {
    mockApi(baseRoutes());
    renderModals(`${preset}&box=abc`);
    await screen.findByText('Новая запись');
    expect(screen.queryByText(/^Бокс/)).not.toBeInTheDocument();
  });

  it('keeps the form and marks the time when the slot is taken', async () => {
    const { router } = await open({
      'POST /api/create_order/s1': () => apiError(409, 'SLOT_TAKEN', 'Время занято'),
    });
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Создать запись' }));
    expect(await screen.findByText('Не удалось создать заказ')).toBeInTheDocument();
    expect(await fieldOf('Время начала').findByText('Время занято')).toBeInTheDocument();
    expect(router.state.location.search).toBe(preset);
    expect(valueOf('Модель')).toBe('RAV4');
    expect(valueOf('Госномер')).toBe('А123ВС777');
  });

  it('puts the server field messages on their fields', async () => {
    await open({
      'POST /api/create_order/s1': () =>
        apiError(400, 'VALIDATION_FAILED', 'Проверьте поля', {
          'car.plateNumber': 'Такой номер не подходит',
        }),
    });
    await fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Создать запись' }));
    expect(await fieldOf('Госномер').findByText('Такой номер не подходит')).toBeInTheDocument();
  });

  it('picks a client found by search and takes their phone and car', async () => {
    const driver: Driver = {
      id: '6f1c1b1e-1111-4a4a-9b9b-000000000001',
      name: 'Иван',
      surname: 'Петров',
      phone: '+79161234567',
      discount: 0,
      cars: [{ brand: 'toyota', model: 'camry', plate_number: 'А777АА77' }],
      deleted: false,
      date_created: '2030-01-01T00:00:00.000Z',
      network_id: 'n1',
    };
    const { calls } = await open({ 'POST /api/drivers/search/n1': () => ({ drivers: [driver] }) });
    const search = screen.getByLabelText(/^Клиент/);
    fireEvent.change(search, { target: { value: 'Ив' } });
    expect(await screen.findByText('Введите не менее 3 символов')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'Ива' } });
    fireEvent.click(await screen.findByText('+7 916 123-45-67 · toyota camry'));
    await waitFor(() => expect(valueOf(/^Телефон клиента/)).toBe('+79161234567'));
    expect(calls.find((c) => c.path === '/api/drivers/search/n1')?.body).toEqual({ query: 'Ива' });
    expect(valueOf('Марка')).toBe('Toyota');
    expect(valueOf('Модель')).toBe('Camry');
    expect(valueOf('Госномер')).toBe('А777АА77');
    await waitFor(() => expect(shown('category')).toBe('3 категория — средний класс'));
  });

  it('creates a client inline', async () => {
    let sent: unknown;
    await open({
      'POST /api/drivers/create': (body) => {
        sent = body;
        return {
          id: 'd2',
          driver: {
            id: '6f1c1b1e-1111-4a4a-9b9b-000000000002',
            name: 'Анна',
            surname: '',
            phone: '+79990001122',
            discount: 0,
            cars: [],
            deleted: false,
            date_created: '2030-01-01T00:00:00.000Z',
            network_id: 'n1',
          },
        };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Новый клиент' }));
    fireEvent.click(screen.getByRole('button', { name: 'Создать клиента' }));
    expect(await screen.findByText('Пожалуйста, введите имя клиента')).toBeInTheDocument();
    type('Имя нового клиента', 'Анна');
    type('Телефон нового клиента', '9990001122');
    fireEvent.click(screen.getByRole('button', { name: 'Создать клиента' }));
    expect(await screen.findByText('Клиент успешно создан')).toBeInTheDocument();
    expect(sent).toMatchObject({ network_id: 'n1', name: 'Анна', phone: '+79990001122' });
    await waitFor(() => expect(valueOf(/^Телефон клиента/)).toBe('+79990001122'));
  });

  const regular = (over: Partial<Driver> = {}): Driver => ({
    id: '6f1c1b1e-1111-4a4a-9b9b-000000000003',
    name: 'Олег',
    surname: 'Скидкин',
    phone: '+79165550000',
    discount: 10,
    cars: [
      { brand: 'toyota', model: 'camry', plate_number: 'В100ВВ77' },
      { brand: 'toyota', model: 'rav4', plate_number: 'Е200ЕЕ77' },
    ],
    deleted: false,
    date_created: '2030-01-01T00:00:00.000Z',
    network_id: 'n1',
    ...over,
  });

  it('shows the client’s discount in the picker and previews the discounted price, never a deleted client', async () => {
    const gone = regular({ id: 'gone', name: 'Удалённый', discount: 0, deleted: true });
    await open({ 'POST /api/drivers/search/n1': () => ({ drivers: [regular(), gone] }) });
    fireEvent.change(screen.getByLabelText(/^Клиент/), { target: { value: 'Оле' } });
    expect(await screen.findByText('Скидка 10 %')).toBeInTheDocument();
    expect(screen.queryByText('Удалённый')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Олег Скидкин'));
    await pickOption('Тариф', 'Экспресс');
    // The preview is the shared rule the server charges by (whole 50 ₽ steps).
    await waitFor(() => expect(valueOf('Стоимость')).not.toBe(''));
    expect(
      await screen.findByText(/^Скидка 10 %: [\d\s]+ ₽ вместо [\d\s]+ ₽$/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const total = Number(valueOf('Стоимость').replace(/\D/g, ''));
    const note = document.querySelector('.order-discount-note')!.textContent!.replace(/\s/g, ' ');
    expect(note).toBe(
      `Скидка 10 %: ${applyDiscount(total, 10).sum.toLocaleString('ru-RU')} ₽ вместо ${total.toLocaleString('ru-RU')} ₽`.replace(
        /\s/g,
        ' ',
      ),
    );
    expect(shown('driverId')).toContain('скидка 10 %');
  });

  it('opens with the client and car a link names (&client=, &car=)', async () => {
    const calls = mockApi({
      ...baseRoutes(),
      'GET /api/drivers/get/d7': () => ({
        driver: regular({ id: 'd7' }),
        summary: {
          orders_count: 0,
          visits_count: 0,
          total_spent: 0,
          first_visit: null,
          last_visit: null,
          favourite_station: null,
        },
      }),
    });
    renderModals(`${preset}&client=d7&car=1`);
    await waitFor(() => expect(valueOf('Госномер')).toBe('Е200ЕЕ77'));
    expect(valueOf('Модель')).toBe('RAV4');
    expect(valueOf(/^Телефон клиента/)).toBe('+79165550000');
    expect(shown('driverId')).toContain('Олег Скидкин');
    expect(calls.some((c) => c.path === '/api/drivers/get/d7')).toBe(true);
  });

  it('tells a worker they may not create orders', async () => {
    mockApi(baseRoutes('worker'));
    renderModals(preset);
    expect(await screen.findByText('Недостаточно прав для выполнения операции.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Создать запись' })).not.toBeInTheDocument();
  });
});
