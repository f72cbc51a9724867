import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { onlineBookingMessages as m } from '@crm/shared';
import { rememberDriver, rememberedBookings, rememberedDriver } from './book-storage';
import { bookTexts } from './book-texts';
import {
  availability,
  collection,
  makeBooking,
  makeCard,
  mountBook,
  stubFetch,
  TARIFF_EXPRESS,
  TOKEN,
  type Call,
} from './book-testing';

let unmount = () => {};
beforeEach(() => localStorage.clear());
afterEach(() => {
  unmount();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const BOOK = '/api/public/book/lenina24';
/** The station's API: today (28th) full, the 29th with 10:00 and 11:30 free. */
function stationApi(extra: (call: Call) => ReturnType<Parameters<typeof stubFetch>[0]> = () => undefined) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === BOOK) return { body: makeCard() };
    if (call.path === '/api/public/cars') return { body: collection };
    if (call.path === `${BOOK}/availability`) {
      const date = call.query.get('date')!;
      return { body: availability(date, date === '2026-11-28' ? [] : undefined) };
    }
    if (call.path === `${BOOK}/bookings` && call.method === 'POST')
      return { status: 201, body: { booking: makeBooking(), manage_token: TOKEN } };
    if (call.path === `/api/public/bookings/${TOKEN}`) return { body: makeBooking() };
    return undefined;
  });
}
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const availabilityCalls = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/availability'));

describe('the public booking page', () => {
  it('takes a returning driver from the link to «Записаться» in four taps', async () => {
    rememberDriver({
      name: 'Иван',
      phone: '+79165551234',
      car: { brand: 'Toyota', model: 'Camry', category: 'MiddleSize' },
    });
    const { calls } = stationApi();
    const user = userEvent.setup();
    let taps = 0;
    const tap = async (element: Element) => {
      taps++;
      await user.click(element);
    };
    unmount = mountBook('/book/lenina24');

    // The car and the contact are prefilled, each with «Изменить».
    expect(await screen.findByText('Toyota Camry')).toBeInTheDocument();
    expect(screen.getByText('+7 (916) 555-12-34', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Изменить/ })).toHaveLength(2);

    await tap(screen.getByRole('radio', { name: /Экспресс/ })); // 1
    // Today is full: the first day with free times (tomorrow) is selected by itself.
    const time = await screen.findByRole('button', { name: '10:00' });
    expect(screen.getByRole('button', { name: /29 ноября/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /28 ноября/ })).toHaveAccessibleName(/нет мест/);
    await tap(time); // 2
    await tap(screen.getByRole('checkbox', { name: /Я согласен на обработку персональных данных/ })); // 3
    expect(screen.getByText('700 ₽', { selector: 'strong' })).toBeInTheDocument();
    await tap(screen.getByRole('button', { name: bookTexts.submit })); // 4

    await waitFor(() => expect(window.location.pathname).toBe(`/booking/${TOKEN}`));
    expect(taps).toBe(4);
    const [post] = posts(calls);
    expect(post!.body).toEqual({
      name: 'Иван',
      phone: '+79165551234',
      car: { brand: 'Toyota', model: 'Camry', category: 'MiddleSize' },
      tariff_id: TARIFF_EXPRESS,
      services: [],
      booking_start: '2026-11-29T07:00:00.000Z',
      consent: true,
      website: '',
    });
    // The manage page shows the booking handed over, without another call.
    expect(await screen.findByRole('heading', { name: new RegExp(m.waiting) })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/public/bookings/'))).toHaveLength(0);
    expect(rememberedBookings().map((b) => b.token)).toEqual([TOKEN]);
  });

  it('lets a new driver pick the car from the catalogue, masks the phone and remembers him', async () => {
    const { calls } = stationApi();
    const user = userEvent.setup();
    unmount = mountBook('/book/lenina24');

    const brand = await screen.findByRole('combobox', { name: bookTexts.brand });
    await user.click(brand);
    await user.click(await screen.findByRole('option', { name: 'Toyota' }));
    await user.type(screen.getByRole('combobox', { name: bookTexts.model }), 'Cam');
    await user.click(await screen.findByRole('option', { name: 'Camry' }));
    // The model sets the category.
    expect(screen.getByRole('button', { name: /Средний класс/ })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('radio', { name: /Экспресс/ }));
    await user.click(screen.getByRole('checkbox', { name: /Горячий воск/ }));
    await waitFor(() => expect(availabilityCalls(calls).at(-1)!.query.get('services')).toBe('wax'));
    await user.click(await screen.findByRole('button', { name: '11:30' }));
    await user.type(screen.getByRole('textbox', { name: bookTexts.name }), 'Пётр');
    const phone = screen.getByRole('textbox', { name: bookTexts.phone });
    await user.type(phone, '89161234567');
    expect(phone).toHaveValue('+7 (916) 123-45-67');
    await user.click(screen.getByRole('checkbox', { name: /согласен/ }));
    await user.click(screen.getByRole('button', { name: bookTexts.submit }));

    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({
      name: 'Пётр',
      phone: '+79161234567',
      car: { brand: 'Toyota', model: 'Camry', category: 'MiddleSize' },
      services: ['wax'],
      booking_start: '2026-11-29T08:30:00.000Z',
    });
    expect(rememberedDriver()).toEqual({
      name: 'Пётр',
      phone: '+79161234567',
      car: { brand: 'Toyota', model: 'Camry', category: 'MiddleSize' },
    });
  });

  it('moves through the car suggestions with the arrow keys, picks with Enter and closes with Escape', async () => {
    stationApi();
    const user = userEvent.setup();
    unmount = mountBook('/book/lenina24');

    const brand = await screen.findByRole('combobox', { name: bookTexts.brand });
    await user.click(brand);
    const list = await screen.findByRole('listbox', { name: `${bookTexts.suggestions}: ${bookTexts.brand}` });
    expect(brand).toHaveAttribute('aria-controls', list.id);
    await within(list).findByRole('option', { name: 'Kia' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kia', 'Toyota']);
    expect(brand).toHaveAttribute('aria-expanded', 'true');
    expect(brand).not.toHaveAttribute('aria-activedescendant');

    const activeOption = () => document.getElementById(brand.getAttribute('aria-activedescendant') ?? '');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Kia');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Toyota');
    expect(within(list).getByRole('option', { name: 'Kia' })).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}'); // past the last: back to the first
    expect(activeOption()).toHaveTextContent('Kia');
    await user.keyboard('{ArrowUp}'); // before the first: the last
    expect(activeOption()).toHaveTextContent('Toyota');
    expect(brand).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(brand).toHaveValue('Toyota');
    expect(brand).toHaveAttribute('aria-expanded', 'false');
    expect(brand).not.toHaveAttribute('aria-activedescendant');

    // The model: Escape closes the list and keeps what is typed; an arrow opens it again.
    const model = screen.getByRole('combobox', { name: bookTexts.model });
    await user.click(model);
    await screen.findByRole('option', { name: 'Camry' });
    await user.keyboard('{ArrowUp}');
    expect(document.getElementById(model.getAttribute('aria-activedescendant')!)).toHaveTextContent('RAV4');
    await user.keyboard('{Escape}');
    expect(model).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(model).not.toHaveAttribute('aria-activedescendant');
    expect(model).toHaveValue('');
    await user.keyboard('{ArrowDown}');
    expect(document.getElementById(model.getAttribute('aria-activedescendant')!)).toHaveTextContent('Camry');
    await user.keyboard('{Enter}');
    expect(model).toHaveValue('Camry');
    // The model sets the category; Enter picked, it did not send the form.
    expect(screen.getByRole('button', { name: /Средний класс/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(bookTexts.fixErrors)).not.toBeInTheDocument();
  });

  it('sends the honeypot as typed', async () => {
    rememberDriver({
      name: 'Иван',
      phone: '+79165551234',
      car: { brand: '', model: '', category: 'Compact' },
    });
    const { calls } = stationApi();
    const user = userEvent.setup();
    unmount = mountBook('/book/lenina24');
    const honeypot = (await screen.findByText(bookTexts.honeypot)).parentElement!.querySelector('input')!;
    expect(honeypot).toHaveAttribute('name', 'website');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.parentElement).toHaveAttribute('aria-hidden', 'true');
    await user.type(honeypot, 'spam.example');
    await user.click(screen.getByRole('radio', { name: /Экспресс/ }));
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('checkbox', { name: /согласен/ }));
    await user.click(screen.getByRole('button', { name: bookTexts.submit }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ website: 'spam.example', car: { category: 'Compact' } });
  });

  it('reads the times again when the time was just taken, and says so by them', async () => {
    rememberDriver({
      name: 'Иван',
      phone: '+79165551234',
      car: { brand: 'Kia', model: 'Rio', category: 'Compact' },
    });
    let taken = false;
    const { calls } = stationApi((call) => {
      if (call.method === 'POST') {
        taken = true;
        return { status: 409, body: { error: { code: 'SLOT_TAKEN', message: m.slotTaken } } };
      }
      if (call.path.endsWith('/availability') && taken)
        return { body: availability(call.query.get('date')!, ['08:30']) };
      return undefined;
    });
    const user = userEvent.setup();
    unmount = mountBook('/book/lenina24');
    await user.click(await screen.findByRole('radio', { name: /Экспресс/ }));
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('checkbox', { name: /согласен/ }));
    const before = availabilityCalls(calls).length;
    await user.click(screen.getByRole('button', { name: bookTexts.submit }));

    expect(await screen.findByText(m.slotTaken, { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '10:00' })).not.toBeInTheDocument());
    expect(availabilityCalls(calls).length).toBe(before + 1);
    expect(availabilityCalls(calls).at(-1)!.query.get('date')).toBe('2026-11-29');
    expect(screen.getByRole('button', { name: '11:30' })).toHaveAttribute('aria-pressed', 'false');
    // The message is the times' description, read out where the driver looks.
    expect(screen.getByRole('group', { name: bookTexts.timeHeading })).toHaveAccessibleDescription(
      new RegExp(m.slotTaken),
    );
  });

  it("shows what is missing on its field before sending, and the server's field errors on theirs", async () => {
    const { calls } = stationApi((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'Проверьте поля',
                fields: { name: m.nameTooLong, phone: 'Неверный номер телефона' },
              },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    unmount = mountBook('/book/lenina24');
    await user.click(await screen.findByRole('button', { name: bookTexts.submit }));
    expect(screen.getByRole('textbox', { name: bookTexts.name })).toHaveAccessibleDescription(m.nameRequired);
    expect(screen.getByRole('textbox', { name: bookTexts.phone })).toHaveAccessibleDescription(
      bookTexts.phoneInvalid,
    );
    expect(screen.getByRole('checkbox', { name: /согласен/ })).toHaveAccessibleDescription(m.consentRequired);
    expect(screen.getByRole('group', { name: bookTexts.orCategory })).toHaveAccessibleDescription(
      m.categoryRequired,
    );
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription(m.tariffRequired);
    expect(screen.getByRole('alert')).toHaveTextContent(bookTexts.fixErrors);
    expect(posts(calls)).toHaveLength(0);
    // The first field with an error takes the focus.
    await waitFor(() => expect(screen.getByRole('combobox', { name: bookTexts.brand })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: /Компакт/ }));
    await user.click(screen.getByRole('radio', { name: /Экспресс/ }));
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    await user.type(screen.getByRole('textbox', { name: bookTexts.name }), 'Иван');
    await user.type(screen.getByRole('textbox', { name: bookTexts.phone }), '9165551234');
    await user.click(screen.getByRole('checkbox', { name: /согласен/ }));
    await user.click(screen.getByRole('button', { name: bookTexts.submit }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: bookTexts.name })).toHaveAccessibleDescription(
        m.nameTooLong,
      ),
    );
    expect(screen.getByRole('textbox', { name: bookTexts.phone })).toHaveAccessibleDescription(
      'Неверный номер телефона',
    );
    expect(screen.getByRole('textbox', { name: bookTexts.phone })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('textbox', { name: bookTexts.name })).toHaveFocus());
  });

  it('says «try in a minute» on 429', async () => {
    rememberDriver({
      name: 'Иван',
      phone: '+79165551234',
      car: { brand: '', model: '', category: 'Compact' },
    });
    stationApi((call) =>
      call.method === 'POST'
        ? { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many requests' } } }
        : undefined,
    );
    const user = userEvent.setup();
    unmount = mountBook('/book/lenina24');
    await user.click(await screen.findByRole('radio', { name: /Экспресс/ }));
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    await user.click(screen.getByRole('checkbox', { name: /согласен/ }));
    await user.click(screen.getByRole('button', { name: bookTexts.submit }));
    expect(await screen.findByText(m.rateLimited, { exact: false })).toBeInTheDocument();
  });

  it('shows a station that is off with its phone', async () => {
    stubFetch((call) =>
      call.path === BOOK ? { body: makeCard({ enabled: false, tariffs: [] }) } : undefined,
    );
    unmount = mountBook('/book/lenina24');
    expect(await screen.findByText(m.unavailable)).toBeInTheDocument();
    const status = screen.getByText(m.unavailable).closest('[role="status"]') as HTMLElement;
    expect(within(status).getByRole('link', { name: '+7 (495) 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+74951234567',
    );
    expect(screen.queryByRole('button', { name: bookTexts.submit })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Позвонить: +7 (495) 123-45-67' })).toBeInTheDocument();
  });

  it('shows the owner’s preview of a page that is off: the form under a banner, «Записаться» disabled', async () => {
    const { calls, fetch } = stationApi((call) =>
      call.path === BOOK ? { body: makeCard({ enabled: false, preview: true }) } : undefined,
    );
    const user = userEvent.setup();
    unmount = mountBook('/book/lenina24?preview=1');
    const banner = await screen.findByRole('note');
    expect(banner).toHaveTextContent(
      'Предпросмотр: так страницу увидят клиенты. Записаться из предпросмотра нельзя.',
    );
    expect(banner).toHaveTextContent('Сейчас онлайн-запись выключена');
    expect(screen.queryByText(m.unavailable)).not.toBeInTheDocument();
    // The whole form, times too: the card and availability calls carry the flag and the session cookie.
    await user.click(screen.getByRole('button', { name: /Компакт/ }));
    await user.click(screen.getByRole('radio', { name: /Экспресс/ }));
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    const submit = screen.getByRole('button', { name: bookTexts.submit });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(bookTexts.previewNoBooking);
    await user.click(submit);
    expect(posts(calls)).toEqual([]);
    expect(calls[0]!.query.get('preview')).toBe('1');
    expect(availabilityCalls(calls).every((c) => c.query.get('preview') === '1')).toBe(true);
    const inits = fetch.mock.calls.map(([, init]) => (init as RequestInit).credentials);
    expect(inits.filter((c) => c === 'same-origin')).toHaveLength(1 + availabilityCalls(calls).length);
  });

  it('shows a driver’s page when the server did not grant the preview', async () => {
    stubFetch((call) =>
      call.path === BOOK ? { body: makeCard({ enabled: false, tariffs: [] }) } : undefined,
    );
    unmount = mountBook('/book/lenina24?preview=1');
    expect(await screen.findByText(m.unavailable)).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('sends a driver’s calls without the session cookie', async () => {
    const { fetch } = stationApi();
    unmount = mountBook('/book/lenina24');
    expect(await screen.findByRole('button', { name: bookTexts.submit })).toBeEnabled();
    expect(fetch.mock.calls.every(([, init]) => (init as RequestInit).credentials === 'omit')).toBe(true);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('offers «Позвонить» in the station’s header while booking is on, and nothing without a phone', async () => {
    stubFetch((call) => (call.path === BOOK ? { body: makeCard() } : undefined));
    unmount = mountBook('/book/lenina24');
    const header = (await screen.findByRole('heading', { name: 'Мойка на Ленина' })).closest('header')!;
    expect(within(header).getByRole('link', { name: 'Позвонить: +7 (495) 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+74951234567',
    );
    expect(await screen.findByRole('button', { name: bookTexts.submit })).toBeInTheDocument();
    unmount();
    stubFetch((call) => (call.path === BOOK ? { body: makeCard({ phone: null }) } : undefined));
    unmount = mountBook('/book/lenina24');
    const bare = (await screen.findByRole('heading', { name: 'Мойка на Ленина' })).closest('header')!;
    expect(within(bare).queryByRole('link', { name: /Позвонить/ })).not.toBeInTheDocument();
  });

  it('says an unknown code is not found', async () => {
    stubFetch(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: m.notFound } } }));
    unmount = mountBook('/book/nosuchcode');
    expect(await screen.findByText(m.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: bookTexts.retry })).not.toBeInTheDocument();
  });

  it('offers «Повторить» after a network error', async () => {
    let down = true;
    stubFetch((call) => (down ? 'network' : call.path === BOOK ? { body: makeCard() } : undefined));
    const user = userEvent.setup();
    unmount = mountBook('/book/lenina24');
    expect(await screen.findByText(bookTexts.network)).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: bookTexts.retry }));
    expect(await screen.findByRole('heading', { name: 'Мойка на Ленина' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: bookTexts.map })).toHaveAttribute('href', makeCard().map_url);
    expect(screen.getByText('Сегодня 08:00–22:00', { exact: false })).toBeInTheDocument();
  });

  it('links the consent to the privacy page naming the operator', async () => {
    stubFetch((call) => (call.path === BOOK ? { body: makeCard() } : undefined));
    unmount = mountBook('/book/lenina24');
    const consent = await screen.findByRole('checkbox', {
      name: /Я согласен на обработку персональных данных/,
    });
    const label = consent.closest('label')!;
    expect(label).toHaveTextContent('ООО «Чистая машина»');
    expect(within(label).getByRole('link')).toHaveAttribute('href', '/book/lenina24/privacy');
    unmount();
    unmount = mountBook('/book/lenina24/privacy');
    expect(await screen.findByText(/ИНН 7707083893/)).toBeInTheDocument();
    expect(screen.getByText(/Удалить мои данные/)).toBeInTheDocument();
  });
});
