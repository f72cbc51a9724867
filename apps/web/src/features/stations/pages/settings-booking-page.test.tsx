import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  clientMessages,
  onlineBookingMessages as m,
  washServices,
  type OnlineBookingUpdate,
} from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import {
  testOnlineBooking,
  testOwnTariffs,
  testRemovalRequest,
} from '../../online-booking/settings/testing/fixtures';
import { apiError, testStation } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

const PATH = '/station/s1/settings/booking';
const GET = 'GET /api/station/s1/online-booking';
const POST = 'POST /api/station/s1/online-booking';
const link = () => `${window.location.origin}/book/lenina24`;

/** The online-booking form: the card that holds «Онлайн-запись включена», and its save bar below. */
const bookingForm = async () =>
  within(
    (await screen.findByRole('switch', { name: 'Онлайн-запись включена' })).closest('form') as HTMLElement,
  );

describe('SettingsBookingPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setSessionUser('u1');
    setViewport(1440);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setViewport();
  });

  it('saves auto-acceptance of payments and the slot with the strategy shown above', async () => {
    const { calls } = renderSettings(PATH, {
      api: {
        [GET]: () => testOnlineBooking(),
        'POST /api/station/update/s1': (body) => ({ station: testStation(body as object) }),
      },
    });
    expect(await screen.findByText('Стратегия станции')).toBeInTheDocument();
    const card = within(screen.getByText('Запись и оплата').closest('form') as HTMLElement);
    fireEvent.click(card.getByRole('switch', { name: 'Автоподтверждение оплаты' }));
    const save = card.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('Настройки успешно обновлены')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/station/update/s1')?.body).toEqual({
      autoaccept_payment: true,
      slot_duration: 30,
    });
  });

  it('has one control for auto-acceptance of bookings: in the online booking’s settings', async () => {
    renderSettings(PATH, {
      station: testStation({ autoaccept_booking: true }),
      api: { [GET]: () => testOnlineBooking({ autoaccept: true }) },
    });
    const form = await bookingForm();
    expect(form.getByRole('switch', { name: 'Автоподтверждение записей' })).toBeChecked();
    expect(screen.getAllByRole('switch', { name: 'Автоподтверждение записей' })).toHaveLength(1);
  });

  it('rereads the settings when the station’s auto-acceptance says otherwise (another client wrote it)', async () => {
    let answers = 0;
    renderSettings(PATH, {
      station: testStation({ autoaccept_booking: false }),
      api: { [GET]: () => testOnlineBooking({ autoaccept: answers++ === 0 }) },
    });
    const autoaccept = await screen.findByRole('switch', { name: 'Автоподтверждение записей' });
    await waitFor(() => expect(autoaccept).not.toBeChecked());
    expect(answers).toBe(2);
  });

  it('keeps its own on/off whatever the strategy’s «Заказы из Яндекса» says', async () => {
    let answers = 0;
    renderSettings(PATH, {
      station: testStation({ enable_booking: false }),
      api: {
        [GET]: () => {
          answers++;
          return testOnlineBooking({ enabled: true });
        },
      },
    });
    expect(await screen.findByRole('switch', { name: 'Онлайн-запись включена' })).toBeChecked();
    await act(async () => {});
    expect(answers).toBe(1);
  });

  it('switches online booking off without touching the strategy', async () => {
    const { calls } = renderSettings(PATH, {
      api: {
        [GET]: () => testOnlineBooking(),
        [POST]: (body) => testOnlineBooking(body as object),
      },
    });
    const form = await bookingForm();
    const yandex = await screen.findByRole('switch', { name: 'Заказы из Яндекса' });
    expect(yandex).toBeChecked();
    // Two things with two names: the link's switch says it is not the strategy's one, and back.
    expect(form.getByText(/Не связана с «Заказами из Яндекса»/)).toBeInTheDocument();
    expect(yandex).toHaveAccessibleDescription(/Онлайн-запись по ссылке мойки включается выше, отдельно/);
    fireEvent.click(form.getByRole('switch', { name: 'Онлайн-запись включена' }));
    const save = form.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === POST).map((c) => c.body)).toEqual([{ enabled: false }]);
    await act(async () => {});
    expect(calls.filter((c) => c.key.includes('/strategy/')).map((c) => c.key)).toEqual([
      'GET /api/station/strategy/s1',
    ]);
    expect(calls.some((c) => c.key === 'POST /api/station/update/s1')).toBe(false);
    expect(yandex).toBeChecked();
    expect(form.getByRole('switch', { name: 'Онлайн-запись включена' })).not.toBeChecked();
  });

  it('shows the phone drivers call with the clients’ mask, and saves it normalized', async () => {
    const { calls } = renderSettings(PATH, {
      api: {
        [GET]: () => testOnlineBooking({ phone: null }),
        [POST]: (body) => testOnlineBooking(body as object),
      },
    });
    const form = await bookingForm();
    const phone = form.getByRole('textbox', { name: 'Телефон для клиентов' });
    expect(phone).toHaveValue('');
    expect(phone).toHaveAccessibleDescription(
      'Показывается на странице записи; если запись выключена — единственный способ связаться',
    );
    fireEvent.change(phone, { target: { value: '89165551234' } });
    expect(phone).toHaveValue('+7 (916) 555-12-34');
    fireEvent.blur(phone);
    const save = form.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === POST).map((c) => c.body)).toEqual([{ phone: '+79165551234' }]);
    await waitFor(() => expect(save).toBeDisabled());
    expect(phone).toHaveValue('+7 (916) 555-12-34');
  });

  it('clears the phone to null', async () => {
    const { calls } = renderSettings(PATH, {
      api: {
        [GET]: () => testOnlineBooking(),
        [POST]: (body) => testOnlineBooking(body as object),
      },
    });
    const form = await bookingForm();
    const phone = form.getByRole('textbox', { name: 'Телефон для клиентов' });
    expect(phone).toHaveValue('+7 (495) 123-45-67');
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.blur(phone);
    const save = form.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === POST).map((c) => c.body)).toEqual([{ phone: null }]);
  });

  it('refuses a phone that is not one on the field, and sends nothing', async () => {
    const { calls } = renderSettings(PATH, { api: { [GET]: () => testOnlineBooking({ phone: null }) } });
    const form = await bookingForm();
    const phone = form.getByRole('textbox', { name: 'Телефон для клиентов' });
    fireEvent.change(phone, { target: { value: '916555' } });
    expect(phone).toHaveValue('+7 (916) 555');
    fireEvent.blur(phone);
    expect(await form.findByText(clientMessages.phoneInvalid)).toBeInTheDocument();
    const save = form.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await act(async () => {});
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.key === POST)).toBe(false);
  });

  it('asks for the station’s legal details when the consent has no operator, with a link to them', async () => {
    renderSettings(PATH, { api: { [GET]: () => testOnlineBooking({ operator: null }) } });
    const warning = (
      await screen.findByText(
        'Заполните юридические данные станции — их название, ИНН и адрес попадут в согласие на обработку персональных данных',
      )
    ).closest('[role="alert"]') as HTMLElement;
    expect(warning).not.toBeNull();
    const go = within(warning).getByRole('link', { name: 'Заполнить юридические данные' });
    expect(go).toHaveAttribute('href', '/station/s1/settings/legalInfo');
    fireEvent.click(go);
    expect(await screen.findByText('Юридические данные станции')).toBeInTheDocument();
  });

  it('names the operator in one line when the legal details are filled', async () => {
    renderSettings(PATH, { api: { [GET]: () => testOnlineBooking() } });
    expect(
      await screen.findByText('Оператор персональных данных: ООО «Чистая машина», ИНН 7707083893'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Заполните юридические данные станции/)).not.toBeInTheDocument();
  });

  it('shows the booking link to read, copy, open, preview, share and scan', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderSettings(PATH, { api: { [GET]: () => testOnlineBooking() } });
    expect(await screen.findByTestId('booking-link')).toHaveTextContent(link());
    expect(await screen.findByTitle('QR-код ссылки для записи')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Открыть страницу/ })).toHaveAttribute('href', link());
    expect(screen.getByRole('link', { name: /Открыть страницу/ })).toHaveAttribute('target', '_blank');
    // The owner's preview: the form as drivers would see it, even while the page is off.
    expect(screen.getByRole('link', { name: /Предпросмотр/ })).toHaveAttribute('href', `${link()}?preview=1`);
    expect(screen.getByRole('link', { name: /Предпросмотр/ })).toHaveAttribute('target', '_blank');
    const share = new URL(screen.getByRole('link', { name: /Поделиться в Telegram/ }).getAttribute('href')!);
    expect(share.origin + share.pathname).toBe('https://t.me/share/url');
    expect(share.searchParams.get('url')).toBe(link());
    expect(share.searchParams.get('text')).toBe('Мойка на Ленина: запись на мойку');
    fireEvent.click(screen.getByRole('button', { name: /Скопировать ссылку/ }));
    expect(await screen.findByText('Ссылка скопирована')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(link());
  });

  it('saves only the fields that changed, a chosen tariff list among them', async () => {
    const { calls } = renderSettings(PATH, {
      api: {
        [GET]: () => testOnlineBooking(),
        'GET /api/own_tariffs/list/s1': () => testOwnTariffs(),
        [POST]: (body) => testOnlineBooking(body as OnlineBookingUpdate as object),
      },
    });
    const form = await bookingForm();
    const save = form.getByRole('button', { name: 'Сохранить изменения' });
    expect(save).toBeDisabled();
    fireEvent.change(form.getByLabelText('Запись на дней вперёд'), { target: { value: '30' } });
    fireEvent.click(form.getByRole('switch', { name: 'Автоподтверждение записей' }));
    fireEvent.click(form.getByRole('radio', { name: 'Выбрать тарифы' }));
    // «Выбрать» starts from the active tariffs, all ticked; a switched-off one is not offered.
    const express = await form.findByRole('checkbox', { name: 'Экспресс' });
    await waitFor(() => expect(express).toBeChecked());
    expect(form.getByRole('checkbox', { name: 'Комплекс' })).toBeChecked();
    expect(form.queryByRole('checkbox', { name: /Максимум/ })).not.toBeInTheDocument();
    await act(async () => {});
    fireEvent.click(express);
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === POST).map((c) => c.body)).toEqual([
      {
        tariff_ids: ['00000000-0000-4000-8000-000000000002'],
        days_ahead: 30,
        autoaccept: true,
      },
    ]);
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('starts a chosen service list from every service, and sends what is left ticked', async () => {
    const { calls } = renderSettings(PATH, {
      api: {
        [GET]: () => testOnlineBooking(),
        [POST]: (body) => testOnlineBooking(body as object),
      },
    });
    const form = await bookingForm();
    fireEvent.click(form.getByRole('radio', { name: 'Выбрать услуги' }));
    const wax = await form.findByRole('checkbox', { name: 'Горячий воск' });
    expect(wax).toBeChecked();
    // antd's checkbox group counts a box once its effects have run; a person never clicks sooner.
    await act(async () => {});
    expect(form.getAllByRole('checkbox').filter((c) => !(c as HTMLInputElement).checked)).toHaveLength(0);
    fireEvent.click(wax);
    const save = form.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    const sent = calls.find((c) => c.key === POST)?.body as OnlineBookingUpdate;
    expect(Object.keys(sent)).toEqual(['service_keys']);
    expect(sent.service_keys).toHaveLength(washServices.length - 1);
    expect(sent.service_keys).not.toContain('wax');
  });

  it('says what is wrong on the field the server names, and keeps what was typed', async () => {
    renderSettings(PATH, {
      api: {
        [GET]: () => testOnlineBooking(),
        [POST]: () =>
          apiError(400, 'Проверьте поля', { max_open_per_phone: 'Не больше 5 записей на этой станции' }),
      },
    });
    const form = await bookingForm();
    const max = form.getByLabelText('Не больше активных записей на один телефон');
    fireEvent.change(max, { target: { value: '8' } });
    const save = form.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await form.findByText('Не больше 5 записей на этой станции')).toBeInTheDocument();
    expect(max).toHaveValue('8');
    expect(save).toBeEnabled();
  });

  it('checks the days ahead before sending', async () => {
    const { calls } = renderSettings(PATH, { api: { [GET]: () => testOnlineBooking() } });
    const form = await bookingForm();
    fireEvent.change(form.getByLabelText('Запись на дней вперёд'), { target: { value: '' } });
    const save = form.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await form.findByText(m.daysAheadInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.key === POST)).toBe(false);
  });

  it('shows the settings read-only to an administrator, the link still to copy', async () => {
    renderSettings(PATH, {
      canManage: false,
      api: { [GET]: () => testOnlineBooking({ data_removal_requests: [testRemovalRequest()] }) },
    });
    expect(await screen.findByRole('switch', { name: 'Онлайн-запись включена' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Автоподтверждение записей' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Автоподтверждение оплаты' })).toBeDisabled();
    expect(screen.getByLabelText('Запись на дней вперёд')).toBeDisabled();
    expect(screen.getByRole('button', { name: /Выпустить новую ссылку/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Удалить данные/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Скопировать ссылку/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Сохранить изменения' })).not.toBeInTheDocument();
    expect(screen.getByText('Только просмотр')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Телефон для клиентов' })).toBeDisabled();
  });

  it('asks an administrator, who cannot open the legal details, without a link to them', async () => {
    renderSettings(PATH, { canManage: false, api: { [GET]: () => testOnlineBooking({ operator: null }) } });
    expect(await screen.findByText(/Заполните юридические данные станции/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Заполнить юридические данные' })).not.toBeInTheDocument();
  });

  it('issues a new link only after a warning that the old one stops working', async () => {
    const { calls } = renderSettings(PATH, {
      api: {
        [GET]: () => testOnlineBooking(),
        [POST]: () => testOnlineBooking({ code: 'k7m2q9xa' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Выпустить новую ссылку/ }));
    const confirm = within(
      (await screen.findAllByText('Выпустить новую ссылку?'))[0]!.closest('.ant-modal') as HTMLElement,
    );
    expect(confirm.getByText(/Старая ссылка и её QR-код перестанут работать/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === POST)).toBe(false);
    fireEvent.click(confirm.getByRole('button', { name: 'Выпустить' }));
    await waitFor(() =>
      expect(screen.getByTestId('booking-link')).toHaveTextContent(`${window.location.origin}/book/k7m2q9xa`),
    );
    expect(calls.filter((c) => c.key === POST).map((c) => c.body)).toEqual([{ new_code: true }]);
  });

  it('removes a driver’s data after the confirmation, and the request leaves the list', async () => {
    const { calls } = renderSettings(PATH, {
      api: {
        [GET]: () =>
          testOnlineBooking({
            data_removal_requests: [
              testRemovalRequest(),
              testRemovalRequest({ id: 'r2', name: 'Ольга', order_number: null }),
            ],
          }),
        'POST /api/station/s1/online-booking/data-removal/r1': () =>
          testOnlineBooking({ data_removal_requests: [testRemovalRequest({ id: 'r2', name: 'Ольга' })] }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Запросы на удаление данных' });
    const first = within(within(list).getAllByRole('listitem')[0]!);
    expect(first.getByText('27.11.2026, 12:30')).toBeInTheDocument();
    expect(first.getByText('Павел')).toBeInTheDocument();
    expect(first.getByText('+7 (916) 123-45-67')).toBeInTheDocument();
    expect(first.getByText('№ 10234')).toBeInTheDocument();
    fireEvent.click(first.getByRole('button', { name: 'Удалить данные: Павел' }));
    const confirm = within(
      (await screen.findAllByText('Удалить данные клиента?'))[0]!.closest('.ant-modal') as HTMLElement,
    );
    expect(
      confirm.getByText(
        'Имя и телефон клиента будут удалены из записи и карточки клиента. Это нельзя отменить.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText(m.dataRemoved)).toBeInTheDocument();
    expect(calls.filter((c) => c.key.includes('/data-removal/')).map((c) => c.key)).toEqual([
      'POST /api/station/s1/online-booking/data-removal/r1',
    ]);
    await waitFor(() => expect(screen.queryByText('Павел')).not.toBeInTheDocument());
    expect(screen.getByText('Ольга')).toBeInTheDocument();
  });

  it('has no data-removal card while there are no requests', async () => {
    renderSettings(PATH, { api: { [GET]: () => testOnlineBooking() } });
    await screen.findByTestId('booking-link');
    expect(screen.queryByText('Запросы на удаление данных')).not.toBeInTheDocument();
  });

  it('says a failed load with «Повторить», and shows the settings once it loads', async () => {
    let first = true;
    renderSettings(PATH, {
      api: {
        [GET]: () => {
          if (!first) return testOnlineBooking();
          first = false;
          return apiError(500, 'Ошибка');
        },
      },
    });
    expect(await screen.findByText('Не удалось загрузить настройки онлайн-записи')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('booking-link')).toHaveTextContent(link());
  });
});
