import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyLegalInfo, legalMessages, type LegalInfo } from '@crm/shared';
import { stations } from '../../db/schema';
import { demoOnlineBooking } from '../demo/demo-online-booking';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoIds, expectSignInRequired } from '../users/test-guards';

const sberBank = {
  bik: '044525225',
  bank: 'ПАО Сбербанк',
  addressBank: 'г Москва, ул Вавилова, д 19',
  account: '40702810938000000001',
  corrAccount: '30101810400000000225',
};

const company: LegalInfo = {
  ...emptyLegalInfo('LEGAL', '7715483920'),
  ogrn: '1177746152836',
  kpp: '771501001',
  okpo: '18452736',
  fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
  nameOrg: 'ООО «ЧИСТЫЙ КУЗОВ»',
  fullNameOrg: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ЧИСТЫЙ КУЗОВ»',
  addressOrg: '127410, г Москва, Алтуфьевское шоссе, д 31, стр 2',
  bankAccount: sberBank,
};

describe('legal API', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const carwash: Record<'lenina' | 'sadovaya', string> = { lenina: '', sadovaya: '' };
  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    for (const key of ['lenina', 'sadovaya'] as const) {
      const [row] = await t.db.select().from(stations).where(eq(stations.id, ids[key]));
      carwash[key] = row!.carwashId;
    }
  });
  afterAll(() => t.close());

  const post = async (login: string, url: string, payload: Record<string, unknown>) => {
    const user = await t.loginAs(login);
    return t.app.inject({ method: 'POST', url, headers: user.headers, payload });
  };
  const get = async (login: string, stationId: string) => {
    const user = await t.loginAs(login);
    return t.app.inject({
      method: 'GET',
      url: `/api/legal/get_by_station_id/${stationId}`,
      headers: user.headers,
    });
  };
  const lookUp = (login: string, inn: unknown) => post(login, '/api/legal/get_legal_data', { inn });
  const save = (login: string, legal_info: unknown, carwash_id: string) =>
    post(login, '/api/legal/save_legal_data', { legal_info, carwash_id });

  describe('POST /api/legal/get_legal_data', () => {
    it('fills a company and a sole trader from the registry', async () => {
      const sber = await lookUp('owner', ' 7707083893 ');
      expect(sber.statusCode).toBe(200);
      expect(sber.json()).toMatchObject({
        found: true,
        legal_info: { type: 'LEGAL', inn: '7707083893', ogrn: '1027700132195', kpp: '773601001' },
      });
      const trader = await lookUp('principal', '540231789529');
      expect(trader.json()).toMatchObject({
        found: true,
        legal_info: { type: 'INDIVIDUAL', ogrnip: '320547600047112', certificateDate: '02.09.2020' },
      });
    });

    it("fills the demo station's own company again from its saved INN", async () => {
      const res = await lookUp('owner', demoOnlineBooking.leninaLegal.inn);
      expect(res.json()).toMatchObject({
        found: true,
        legal_info: { ...demoOnlineBooking.leninaLegal, bankAccount: emptyLegalInfo('LEGAL').bankAccount },
      });
    });

    it('answers an empty form of the type the INN length implies when a valid INN is not found', async () => {
      const res = await lookUp('owner', '7701000001');
      expect(res.json()).toEqual({ found: false, legal_info: emptyLegalInfo('LEGAL', '7701000001') });
      const person = await lookUp('owner', '770100000079');
      expect(person.json()).toEqual({
        found: false,
        legal_info: emptyLegalInfo('INDIVIDUAL', '770100000079'),
      });
    });

    it('refuses an INN whose control digits fail with 400 and a clear message, not «ничего не найдено»', async () => {
      for (const inn of ['7707083894', '123456789012', '772451839051']) {
        const res = await lookUp('owner', inn);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { inn: legalMessages.innInvalid },
        });
      }
      expect(legalMessages.innInvalid).toMatch(/контрольные цифры/);
    });

    it('refuses an INN that is not 10 or 12 digits with the S2 §5 messages', async () => {
      for (const [inn, message] of [
        ['', legalMessages.required],
        ['12345', legalMessages.innFormat],
        ['77070838931', legalMessages.innFormat],
        ['77О7083893', legalMessages.innFormat],
      ] as const) {
        const res = await lookUp('owner', inn);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual({ inn: message });
      }
      expect((await post('owner', '/api/legal/get_legal_data', {})).json().error.fields).toEqual({
        inn: legalMessages.required,
      });
    });

    it('is for owners and principals of any network and role admin; staff and users without a network get 403', async () => {
      for (const login of ['rival', 'admin']) {
        expect((await lookUp(login, '7736207543')).statusCode).toBe(200);
      }
      for (const login of ['administrator', 'worker', 'newcomer']) {
        const res = await lookUp(login, '7736207543');
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, {
        method: 'POST',
        url: '/api/legal/get_legal_data',
        payload: { inn: '7707083893' },
      });
    });
  });

  describe('POST /api/legal/get_bank_data', () => {
    const bankOf = (login: string, bik: unknown) => post(login, '/api/legal/get_bank_data', { bik });

    it('gives the bank, its correspondent account and address of a known БИК', async () => {
      const res = await bankOf('owner', ' 044525225 ');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        found: true,
        bank: {
          bik: '044525225',
          bank: 'ПАО Сбербанк',
          corrAccount: '30101810400000000225',
          addressBank: '117312, г Москва, ул Вавилова, д 19',
        },
      });
    });

    it('answers found: false for a БИК the directory does not know, and 400 for one of the wrong form', async () => {
      expect((await bankOf('principal', '049999999')).json()).toEqual({ found: false, bank: null });
      for (const [bik, message] of [
        ['', legalMessages.required],
        ['14452522', legalMessages.bikInvalid],
        ['144525225', legalMessages.bikInvalid],
      ] as const) {
        const res = await bankOf('owner', bik);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual({ bik: message });
      }
    });

    it('is for signatories only: staff get 403, a signed-out caller 401', async () => {
      for (const login of ['administrator', 'worker', 'newcomer']) {
        expect((await bankOf(login, '044525225')).statusCode).toBe(403);
      }
      await expectSignInRequired(t, {
        method: 'POST',
        url: '/api/legal/get_bank_data',
        payload: { bik: '044525225' },
      });
    });
  });

  describe('save and read back', () => {
    it('has nothing until saved, then gives back what was saved and when', async () => {
      const empty = await get('owner', ids.sadovaya);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ legal_info: null, updated_at: null });
      // The demo fills «Мойка на Ленина»'s (its online booking's consent names the operator).
      const demo = await get('owner', ids.lenina);
      expect(demo.json().legal_info).toEqual(demoOnlineBooking.leninaLegal);

      const before = Date.now();
      const saved = await save('owner', { ...company, nameOrg: '  ООО «ЧИСТЫЙ КУЗОВ»  ' }, carwash.lenina);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().legal_info).toEqual(company);
      expect(Date.parse(saved.json().updated_at)).toBeGreaterThanOrEqual(before - 1000);

      const read = await get('principal', ids.lenina);
      expect(read.json()).toEqual(saved.json());
      const [row] = await t.db.select().from(stations).where(eq(stations.id, ids.lenina));
      expect(row!.legalInfo).toEqual(company);
      // Only that station: its sibling in the network still has none.
      expect((await get('owner', ids.sadovaya)).json().legal_info).toBeNull();
    });

    it('saves a sole trader, and lets a principal and role admin save', async () => {
      const trader: LegalInfo = {
        ...emptyLegalInfo('INDIVIDUAL', '772451839050'),
        ogrnip: '318774600193522',
        okpo: '0192837465',
        fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
        addressOrg: 'г Москва',
        surname: 'Смирнов',
        name: 'Алексей',
        lastname: 'Викторович',
        certificateDate: '14.03.2018',
        bankAccount: { ...sberBank, account: '40802810000000000004' },
      };
      expect((await save('principal', trader, carwash.sadovaya)).statusCode).toBe(200);
      const byAdmin = await save('admin', company, carwash.sadovaya);
      expect(byAdmin.statusCode).toBe(200);
      expect((await get('admin', ids.sadovaya)).json().legal_info).toEqual(company);
    });

    it('answers field messages keyed by the field path, and saves nothing', async () => {
      const res = await save(
        'owner',
        {
          ...company,
          kpp: '',
          ogrn: '1177746152837',
          bankAccount: { ...sberBank, account: '40702810938000000002', bank: '' },
        },
        carwash.sadovaya,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        kpp: legalMessages.required,
        ogrn: legalMessages.ogrnInvalid,
        'bankAccount.bank': legalMessages.required,
        'bankAccount.account': legalMessages.accountInvalid,
      });
      const trader = await save(
        'owner',
        { ...emptyLegalInfo('INDIVIDUAL', '772451839050'), bankAccount: sberBank },
        carwash.sadovaya,
      );
      expect(trader.json().error.fields).toMatchObject({
        certificateDate: legalMessages.pickDate,
        surname: legalMessages.required,
      });
      const shape = await save(
        'owner',
        { ...company, bankAccount: undefined, type: 'OOO' },
        carwash.sadovaya,
      );
      expect(shape.statusCode).toBe(400);
      expect(Object.keys(shape.json().error.fields)).toEqual(
        expect.arrayContaining(['legal_info.type', 'legal_info.bankAccount']),
      );
      expect((await get('owner', ids.sadovaya)).json().legal_info).toEqual(company);
    });

    it('keeps the details from administrators and workers (403) and other networks (404)', async () => {
      for (const login of ['administrator', 'worker']) {
        expect((await get(login, ids.lenina)).statusCode).toBe(403);
        const res = await save(login, company, carwash.lenina);
        expect(res.statusCode).toBe(403);
      }
      const rivalRead = await get('rival', ids.lenina);
      expect(rivalRead.statusCode).toBe(404);
      expect(rivalRead.json().error.code).toBe('NOT_FOUND');
      expect((await get('rival', 'not-a-uuid')).statusCode).toBe(404);
      for (const carwashId of [carwash.lenina, '999999', 'x']) {
        expect((await save('rival', company, carwashId)).statusCode).toBe(404);
      }
    });

    it('requires a session and a matching X-User-Id', async () => {
      await expectSignInRequired(t, { method: 'GET', url: `/api/legal/get_by_station_id/${ids.lenina}` });
      await expectSignInRequired(t, {
        method: 'POST',
        url: '/api/legal/save_legal_data',
        payload: { legal_info: company, carwash_id: carwash.lenina },
      });
    });
  });
});
