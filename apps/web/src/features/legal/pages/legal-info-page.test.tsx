import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { legalMessages, type LegalInfo } from '@crm/shared';
import { sberbank, sberbankAccount, serveLegal, showLegalPage, station } from '../testing/harness';

afterEach(cleanup);

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const innInput = () => screen.findByLabelText<HTMLInputElement>('ИНН');
const fillButton = () => screen.getByRole('button', { name: 'Заполнить по инн' });
/** «Сохранить» once no save is running (a running one spins, and is named «loading Сохранить»). */
const saveButton = () => screen.findByRole('button', { name: 'Сохранить' });

async function replaceText(label: string, text: string) {
  const input = field(label);
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

/** Into an empty field: the long forms would take too long typed key by key. */
async function pasteInto(label: string, text: string) {
  await userEvent.click(field(label));
  await userEvent.paste(text);
}

async function fillBank(bank: LegalInfo['bankAccount']) {
  await pasteInto('БИК', bank.bik);
  await pasteInto('Банк', bank.bank);
  await pasteInto('Адрес банка', bank.addressBank);
  await pasteInto('Расчётный счёт', bank.account);
  await pasteInto('Корр. счёт', bank.corrAccount);
}

const savedSberbank = {
  legal_info: { ...sberbank, bankAccount: sberbankAccount },
  updated_at: '2026-11-20T21:30:00Z',
};

describe('LegalInfoPage', { timeout: 60_000 }, () => {
  it('keeps the INN to digits, looks it up only at 10 or 12 of them, and fills the form with the answer', async () => {
    const requests = serveLegal({ registry: { [sberbank.inn]: sberbank } });
    showLegalPage();
    const inn = await innInput();
    expect(inn).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByLabelText('Краткое наименование')).not.toBeInTheDocument();

    await userEvent.type(inn, '77a07-08');
    expect(inn).toHaveValue('770708');
    expect(fillButton()).toBeDisabled();
    await userEvent.type(inn, '{Enter}');
    expect(await screen.findByText(legalMessages.innFormat)).toBeInTheDocument();

    await userEvent.type(inn, '3893');
    expect(fillButton()).toBeEnabled();
    await userEvent.click(fillButton());

    expect(await screen.findByLabelText('Краткое наименование')).toHaveValue('ПАО Сбербанк');
    expect(field('КПП')).toHaveValue('773601001');
    expect(field('ОГРН')).toHaveValue('1027700132195');
    expect(screen.getByRole('radio', { name: 'Юридическое лицо' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Организация' })).toBeInTheDocument();
    // The message leaves with antd's animation.
    await waitFor(() => expect(screen.queryByText(legalMessages.innFormat)).not.toBeInTheDocument());
    expect(requests).toEqual([{ path: '/api/legal/get_legal_data', body: { inn: '7707083893' } }]);
  });

  it('says nothing was found and opens an empty sole-trader form for a 12-digit INN', async () => {
    serveLegal();
    showLegalPage();
    await userEvent.type(await innInput(), '500100732259');
    await userEvent.click(fillButton());

    expect(await screen.findByText(legalMessages.notFound)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Индивидуальный предприниматель' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Предприниматель' })).toBeInTheDocument();
    expect(field('Фамилия')).toHaveValue('');
    expect(field('ОГРНИП')).toHaveValue('');
    expect(screen.queryByLabelText('КПП')).not.toBeInTheDocument();
    expect(field('ИНН')).toHaveValue('500100732259');
  });

  it('lets a sole trader fill the form by hand, the certificate date picked as DD.MM.YYYY', async () => {
    const requests = serveLegal();
    showLegalPage();
    await userEvent.type(await innInput(), '500100732259');
    await userEvent.click(fillButton());
    await screen.findByText(legalMessages.notFound);

    await pasteInto('Фамилия', 'Иванов');
    await pasteInto('Имя', 'Иван');
    await pasteInto('Отчество', 'Петрович');
    await pasteInto('ОГРНИП', '304500116000157');
    await pasteInto('ОКПО', '0123456789');
    await pasteInto('Код ФИАС', 'a1b2c3');
    await pasteInto('Юридический адрес', 'г. Москва, ул. Ленина, д. 1');
    await fillBank(sberbankAccount);
    await userEvent.click(await saveButton());
    expect(await screen.findByText(legalMessages.pickDate)).toBeInTheDocument();
    const saves = () => requests.filter((r) => r.path === '/api/legal/save_legal_data');
    expect(saves()).toHaveLength(0);

    await userEvent.type(field('Дата свидетельства'), '15.03.2020{Enter}');
    await userEvent.click(await saveButton());
    expect(await screen.findByText(legalMessages.saved)).toBeInTheDocument();
    const body = saves()[0]?.body as { legal_info: LegalInfo };
    expect(body.legal_info).toMatchObject({
      type: 'INDIVIDUAL',
      inn: '500100732259',
      surname: 'Иванов',
      certificateDate: '15.03.2020',
      ogrnip: '304500116000157',
      kpp: '',
    });
  });

  it('asks before leaving with unsaved changes', async () => {
    serveLegal({ saved: savedSberbank });
    const { router } = showLegalPage();
    await screen.findByDisplayValue(sberbank.fullNameOrg);
    await replaceText('Банк', 'Другой банк');
    void router.navigate(`/station/${station.id}/orders`);
    const dialog = await screen.findByRole('dialog', { name: 'Покинуть страницу без сохранения?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Нет, сохраню' }));
    expect(field('Банк')).toHaveValue('Другой банк');
    expect(router.state.location.pathname).toBe(`/station/${station.id}/settings/legalInfo`);
  });

  it('warns when the registry is down and opens the empty form of the INN’s type', async () => {
    serveLegal({
      lookupError: {
        status: 502,
        body: { error: { code: 'LEGAL_LOOKUP_FAILED', message: legalMessages.lookupFailed } },
      },
    });
    showLegalPage();
    await userEvent.type(await innInput(), '7707083893');
    await userEvent.click(fillButton());

    expect(await screen.findByText(legalMessages.lookupFailed)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Юридическое лицо' })).toBeChecked();
    expect(field('Полное наименование')).toHaveValue('');
    expect(await saveButton()).toBeEnabled();
  });

  it('opens saved details filled, with the day of the last save on the station’s clock', async () => {
    serveLegal({ saved: savedSberbank });
    showLegalPage();
    expect(await screen.findByDisplayValue('Публичное акционерное общество «Сбербанк России»')).toBe(
      field('Полное наименование'),
    );
    // 21:30 UTC on the 20th is past midnight in Moscow.
    expect(screen.getByText('Обновлено 21.11.2026')).toBeInTheDocument();
    expect(field('ИНН')).toHaveValue('7707083893');
    expect(field('Расчётный счёт')).toHaveValue('40702810938000000001');
    expect(await saveButton()).toBeDisabled();
  });

  it('refreshes the saved company from the registry without wiping its bank account', async () => {
    serveLegal({
      saved: savedSberbank,
      registry: { [sberbank.inn]: { ...sberbank, addressOrg: 'г. Москва, ул. Вавилова, д. 19, стр. 1' } },
    });
    showLegalPage();
    await screen.findByDisplayValue(sberbank.fullNameOrg);
    await userEvent.click(fillButton());

    expect(await screen.findByDisplayValue('г. Москва, ул. Вавилова, д. 19, стр. 1')).toBe(
      field('Юридический адрес'),
    );
    expect(field('Расчётный счёт')).toHaveValue(sberbankAccount.account);
    expect(await saveButton()).toBeEnabled();
  });

  it('checks the account against the BIK before saving, and posts nothing while it is wrong', async () => {
    const requests = serveLegal({ saved: savedSberbank });
    showLegalPage();
    await screen.findByDisplayValue('40702810938000000001');
    await replaceText('Расчётный счёт', '40702810938000000002');
    await userEvent.click(await saveButton());

    expect(await screen.findByText(legalMessages.accountInvalid)).toBeInTheDocument();
    expect(requests).toEqual([]);

    // Live after the first try: fixing the number takes the message away at once.
    await replaceText('Расчётный счёт', '40702810938000000001');
    await waitFor(() => expect(screen.queryByText(legalMessages.accountInvalid)).not.toBeInTheDocument());
  });

  it('requires the bank block, then posts the details with the station’s carwash id', async () => {
    const requests = serveLegal({ registry: { [sberbank.inn]: sberbank } });
    showLegalPage();
    await userEvent.type(await innInput(), sberbank.inn);
    await userEvent.click(fillButton());
    await screen.findByDisplayValue(sberbank.fullNameOrg);

    await userEvent.click(await saveButton());
    await waitFor(() => expect(screen.getAllByText(legalMessages.required)).toHaveLength(5));
    expect(requests).toHaveLength(1);

    await fillBank(sberbankAccount);
    await pasteInto('Комментарий к адресу', '  вход со двора  ');
    await userEvent.click(await saveButton());

    expect(await screen.findByText(legalMessages.saved)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/legal/save_legal_data')).toEqual({
      path: '/api/legal/save_legal_data',
      body: {
        legal_info: { ...sberbank, commentToAddress: 'вход со двора', bankAccount: sberbankAccount },
        carwash_id: station.carwash_id,
      },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled());
    expect(screen.getByText('Обновлено 25.11.2026')).toBeInTheDocument();
  });

  it('refuses an INN whose control digits fail at the field, asking the registry nothing', async () => {
    const requests = serveLegal({ registry: { [sberbank.inn]: sberbank } });
    showLegalPage();
    await userEvent.type(await innInput(), '7707083894');
    await userEvent.click(fillButton());
    expect(await screen.findByText(legalMessages.innInvalid)).toBeInTheDocument();
    expect(screen.queryByText(legalMessages.notFound)).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('fills the bank, its correspondent account and address from a complete БИК', async () => {
    const { account: _account, ...alfa } = {
      bik: '044525593',
      bank: 'АО «АЛЬФА-БАНК»',
      addressBank: '107078, г Москва, ул Каланчевская, д 27',
      account: '',
      corrAccount: '30101810200000000593',
    };
    serveLegal({ saved: savedSberbank, banks: { [alfa.bik]: alfa } });
    showLegalPage();
    await screen.findByDisplayValue(sberbank.fullNameOrg);
    await replaceText('БИК', alfa.bik);

    expect(await screen.findByText(legalMessages.bankFilled)).toBeInTheDocument();
    expect(field('Банк')).toHaveValue(alfa.bank);
    expect(field('Корр. счёт')).toHaveValue(alfa.corrAccount);
    expect(field('Адрес банка')).toHaveValue(alfa.addressBank);
    expect(field('Расчётный счёт')).toHaveValue(sberbankAccount.account);

    await replaceText('БИК', '049999999');
    expect(await screen.findByText(legalMessages.bankNotFound)).toBeInTheDocument();
    expect(field('Банк')).toHaveValue(alfa.bank);
  });

  it('shows a server field error on its field and keeps everything typed', async () => {
    const requests = serveLegal({
      saved: savedSberbank,
      saveError: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Проверьте реквизиты',
            fields: { 'bankAccount.bik': 'Банк с таким БИК не найден' },
          },
        },
      },
    });
    showLegalPage();
    await screen.findByDisplayValue(sberbank.fullNameOrg);
    await replaceText('Банк', 'Сбербанк, Московский филиал');
    await userEvent.click(await saveButton());

    expect(await screen.findByText('Банк с таким БИК не найден')).toBeInTheDocument();
    expect(screen.getByText(legalMessages.saveFailed)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(field('Банк')).toHaveValue('Сбербанк, Московский филиал');
    const bikItem = field('БИК').closest('.ant-form-item');
    expect(bikItem).toHaveTextContent('Банк с таким БИК не найден');
  });

  it('switches to the sole-trader fields and back without losing what was typed', async () => {
    serveLegal({ saved: savedSberbank });
    showLegalPage();
    await screen.findByDisplayValue(sberbank.fullNameOrg);
    // The radio itself is visually hidden: a person clicks its label.
    await userEvent.click(screen.getByText('Индивидуальный предприниматель'));
    expect(await screen.findByLabelText('Дата свидетельства')).toBeInTheDocument();
    expect(screen.queryByLabelText('Краткое наименование')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Юридическое лицо'));
    expect(await screen.findByLabelText('Краткое наименование')).toHaveValue('ПАО Сбербанк');
  });

  it('refuses clearly when the server answers 403, and asks nothing for staff', async () => {
    serveLegal({
      saved: { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Недостаточно прав' } } },
    });
    showLegalPage();
    expect(
      await screen.findByText('Юридические данные доступны только владельцу и управляющему'),
    ).toBeInTheDocument();
    expect(screen.getByText('Недостаточно прав')).toBeInTheDocument();
    cleanup();

    const requests = serveLegal();
    let reads = 0;
    const serve = globalThis.fetch;
    globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
      reads += 1;
      return serve(...args);
    }) as typeof fetch;
    showLegalPage(false);
    expect(
      screen.getByText('Юридические данные доступны только владельцу и управляющему'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('ИНН')).not.toBeInTheDocument();
    expect(reads + requests.length).toBe(0);
  });
});
