import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { carCategories, tariffMessages as m } from '@crm/shared';
import { apiError, initAnswer, serve, showNewTariff } from '../testing/editing-harness';
import { station } from '../testing/harness';
import { draftKey, loadDraft, saveDraft } from '../lib/tariff-draft';

const initKey = `GET /api/own_tariffs/update_tariff/${station.id}`;
const createKey = `POST /api/own_tariffs/create/${station.id}`;

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const nameInput = () => screen.findByLabelText('Название тарифа');
const mainGroup = () => screen.getByRole('group', { name: 'Основные услуги' });
const extraGroup = () => screen.getByRole('group', { name: 'Дополнительные услуги' });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Далее' }));
/** The last step's button says what it does (issue 38), not «Далее». */
const createTariff = () => userEvent.click(screen.getByRole('button', { name: 'Создать тариф' }));

async function fillStepOne(name = 'Люкс') {
  await userEvent.type(await nameInput(), name);
  await userEvent.click(within(mainGroup()).getByRole('checkbox', { name: /Мойка кузова/ }));
  await userEvent.click(within(mainGroup()).getByRole('checkbox', { name: /Пылесос салона/ }));
}

function fillPrices() {
  for (const [i, c] of carCategories.entries()) {
    // Typing digit by digit into twelve fields is slow on a shared CI core; the field only sees the result.
    fireEvent.change(screen.getByLabelText(`Стоимость, ${c.ru_name}`), {
      target: { value: String(1000 + i * 100) },
    });
  }
}

describe('NewTariffPage', () => {
  it('goes through both steps and creates the tariff with its prices in one call', async () => {
    const calls = serve({ [initKey]: () => initAnswer, [createKey]: () => ({ id: 't-new' }) });
    const { router, client } = showNewTariff();
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    expect(screen.getByRole('heading', { level: 1, name: 'Новый тариф' })).toBeInTheDocument();
    await fillStepOne();
    // A service chosen as main is not offered as extra.
    expect(within(extraGroup()).queryByRole('checkbox', { name: /Мойка кузова/ })).not.toBeInTheDocument();
    await userEvent.click(within(extraGroup()).getByRole('checkbox', { name: /Горячий воск/ }));
    await next();

    expect(await screen.findByRole('heading', { name: /Шаг 2 из 2/ })).toBeInTheDocument();
    // Cards in category order, whatever order the server sent them in.
    const legends = screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent);
    expect(legends.filter(Boolean)).toEqual(carCategories.map((c) => c.ru_name_full));
    expect(screen.getByText(/Kia Picanto/)).toBeInTheDocument();
    // Durations are prefilled from the services (15 + 15 min), five more per category; prices are empty.
    expect(screen.getByLabelText('Длительность, 1 категория')).toHaveValue('30');
    expect(screen.getByLabelText('Длительность, 6 категория')).toHaveValue('55');
    expect(screen.getByLabelText('Стоимость, 1 категория')).toHaveValue('');
    expect(screen.getByRole('link', { name: /Настройка дополнительных услуг/ })).toHaveAttribute(
      'href',
      `/station/${station.id}/tariffs/addition_service`,
    );

    fillPrices();
    await createTariff();

    await waitFor(() => expect(router.state.location.pathname).toBe(`/station/${station.id}/tariffs`));
    expect(await screen.findByText(m.created)).toBeInTheDocument();
    const create = calls.find((c) => c.key === createKey);
    expect(create?.body).toEqual({
      tariff_status: true,
      name: 'Люкс',
      main_option: ['body_wash', 'vacuum'],
      extra_option: ['wax'],
      class_to_duration: { Mini: 30, Compact: 35, MiddleSize: 40, Crossover: 45, OffRoad: 50, MicroBus: 55 },
      class_to_price: {
        Mini: 1000,
        Compact: 1100,
        MiddleSize: 1200,
        Crossover: 1300,
        OffRoad: 1400,
        MicroBus: 1500,
      },
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tariffs', station.id] });
    expect(localStorage.getItem(draftKey(station.id))).toBeNull();
  }, 30_000);

  it('shows the S2 §5 messages at the fields', async () => {
    const calls = serve({ [initKey]: () => initAnswer });
    showNewTariff();
    await nameInput();
    await next();
    expect(await screen.findByText(m.nameRequired)).toBeInTheDocument();
    expect(await screen.findByText(m.mainServiceRequired)).toBeInTheDocument();

    await fillStepOne();
    await next();
    await screen.findByRole('heading', { name: /Шаг 2 из 2/ });
    fireEvent.change(screen.getByLabelText('Длительность, 2 категория'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Длительность, 3 категория'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Стоимость, 4 категория'), { target: { value: '0' } });
    await createTariff();
    expect(await screen.findAllByText(m.priceRequired)).toHaveLength(5);
    expect(screen.getByText(m.pricePositive)).toBeInTheDocument();
    expect(screen.getByText(m.durationRequired)).toBeInTheDocument();
    expect(screen.getByText(m.durationPositive)).toBeInTheDocument();
    expect(calls.some((c) => c.key === createKey)).toBe(false);

    // Back keeps what was typed.
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(await nameInput()).toHaveValue('Люкс');
  }, 30_000);

  it('keeps a draft after every change and offers to continue it', async () => {
    serve({ [initKey]: () => initAnswer });
    const first = showNewTariff();
    await fillStepOne('Черновой');
    await next();
    await screen.findByRole('heading', { name: /Шаг 2 из 2/ });
    await userEvent.type(screen.getByLabelText('Стоимость, 1 категория'), '777');
    expect(loadDraft(station.id)).toMatchObject({
      step: 1,
      name: 'Черновой',
      includeService: ['body_wash', 'vacuum'],
      categoryPricing: { Mini: { basePrice: 777, duration: 30 } },
    });
    first.unmount();

    showNewTariff();
    const dialog = await screen.findByRole('dialog', { name: m.draftFound });
    expect(within(dialog).getByText(/«Черновой»/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Продолжить' }));
    expect(await screen.findByRole('heading', { name: /Шаг 2 из 2/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Стоимость, 1 категория')).toHaveValue('777');
    await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(await nameInput()).toHaveValue('Черновой');
    expect(within(mainGroup()).getByRole('checkbox', { name: /Пылесос салона/ })).toBeChecked();
  }, 30_000);

  it('starts over, clearing the draft', async () => {
    saveDraft(station.id, {
      step: 1,
      name: 'Старый',
      includeService: ['wax'],
      additionService: [],
      categoryPricing: {},
    });
    serve({ [initKey]: () => initAnswer });
    showNewTariff();
    const dialog = await screen.findByRole('dialog', { name: m.draftFound });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Начать заново' }));
    expect(await nameInput()).toHaveValue('');
    expect(screen.getByRole('heading', { name: /Шаг 1 из 2/ })).toBeInTheDocument();
    expect(loadDraft(station.id)).toBeNull();
  }, 30_000);

  it('shows a taken name at its field and the create failure', async () => {
    serve({
      [initKey]: () => initAnswer,
      [createKey]: () => apiError(409, 'Тариф с таким названием уже есть'),
    });
    showNewTariff();
    await fillStepOne();
    await next();
    await screen.findByRole('heading', { name: /Шаг 2 из 2/ });
    fillPrices();
    await createTariff();
    expect(await screen.findByText(m.createFailed)).toBeInTheDocument();
    // The name is on the first step: the page goes back to it and shows the message there.
    expect(await screen.findByRole('heading', { name: /Шаг 1 из 2/ })).toBeInTheDocument();
    expect(await screen.findAllByText('Тариф с таким названием уже есть')).not.toHaveLength(0);
    expect(await nameInput()).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);

  it('offers a retry when the creation data cannot be loaded', async () => {
    let fail = true;
    serve({ [initKey]: () => (fail ? apiError(500, 'Сбой') : initAnswer) });
    showNewTariff();
    expect(await screen.findByText(m.initFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await nameInput()).toBeInTheDocument();
  }, 30_000);

  it('is read-only for those who may not edit prices', async () => {
    const calls = serve({ [initKey]: () => initAnswer });
    showNewTariff({ canManage: false });
    expect(await screen.findByText('Только просмотр')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться к тарифам' })).toHaveAttribute(
      'href',
      `/station/${station.id}/tariffs`,
    );
    expect(screen.queryByLabelText('Название тарифа')).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === initKey)).toBe(false);
  }, 30_000);
});
