import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyLegalInfo, isValidCorrAccount, legalInfoErrors, legalMessages } from '@crm/shared';
import { createTestApp, type TestApp } from '../test/test-app';
import { createHttpLegalRegistry, createStandInLegalRegistry } from './legal-registry';
import { standInBanks, standInParties } from './legal-registry-stand-in';

const apiKey = 'registry-test-key';
/** INNs (valid in form) that make the fake registry misbehave. */
const failingInn = '5000000000';
const hangingInn = '9000000000';
const otherShapeInn = '8000000000';

/**
 * A DaData-shaped registry on a free local port: checks the method, path and key, and answers the
 * stand-in's parties with the extra and null fields DaData sends.
 */
function startFakeRegistry(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const bankPath = req.url === '/suggestions/api/4_1/rs/findById/bank';
      if (req.method !== 'POST' || (req.url !== '/suggestions/api/4_1/rs/findById/party' && !bankPath)) {
        return send(404, { message: 'not found' });
      }
      if (req.headers.authorization !== `Token ${apiKey}`) return send(403, { message: 'forbidden' });
      const { query } = JSON.parse(raw) as { query: string };
      if (bankPath) {
        const bank = standInBanks.find((b) => b.bic === query);
        return send(200, {
          suggestions: bank ? [{ value: bank.name?.payment, data: { swift: null, ...bank } }] : [],
        });
      }
      if (query === failingInn) return send(500, { message: 'internal' });
      if (query === hangingInn) return; // never answers
      if (query === otherShapeInn) return send(200, { results: [] });
      const party = standInParties.find((p) => p.inn === query);
      if (!party) return send(200, { suggestions: [] });
      send(200, {
        suggestions: [
          {
            value: party.name?.short_with_opf,
            data: {
              kpp: null,
              fio: null,
              okved: '45.20',
              management: null,
              ...party,
              state: { status: 'ACTIVE', registration_date: null, ...party.state },
            },
          },
        ],
      });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/suggestions/api/4_1/rs` });
    });
  });
}

describe('legal registry, DaData-compatible HTTP', () => {
  let fake: { server: Server; url: string };
  beforeAll(async () => {
    fake = await startFakeRegistry();
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        // The hanging request's socket would keep close() waiting.
        fake.server.closeAllConnections();
        fake.server.close(() => resolve());
      }),
  );

  const registry = () => createHttpLegalRegistry({ url: fake.url, apiKey, timeoutMs: 300 });

  it('maps a bank of a БИК: payment name, correspondent account and address; null when unknown', async () => {
    expect(await registry().findBankByBik('045004641')).toEqual({
      bik: '045004641',
      bank: 'Сибирский банк ПАО Сбербанк',
      corrAccount: '30101810500000000641',
      addressBank: '630007, г Новосибирск, ул Серебренниковская, д 20',
    });
    expect(await registry().findBankByBik('049999999')).toBeNull();
  });

  it('maps a company: names, address, ФИАС, OGRN and KPP, and no bank account', async () => {
    expect(await registry().findByInn('7707083893')).toEqual({
      ...emptyLegalInfo('LEGAL', '7707083893'),
      ogrn: '1027700132195',
      kpp: '773601001',
      okpo: '00032537',
      nameOrg: 'ПАО СБЕРБАНК',
      fullNameOrg: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО «СБЕРБАНК РОССИИ»',
      addressOrg: '117312, г Москва, ул Вавилова, д 19',
      fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
    });
  });

  it("maps a sole trader: the OGRN as OGRNIP, the name parts and the registration date (Moscow's day)", async () => {
    const info = await registry().findByInn('772451839050');
    expect(info).toMatchObject({
      type: 'INDIVIDUAL',
      inn: '772451839050',
      ogrn: '',
      ogrnip: '318774600193522',
      kpp: '',
      surname: 'Смирнов',
      name: 'Алексей',
      lastname: 'Викторович',
      certificateDate: '14.03.2018',
    });
    // With a bank account added, what the registry gave is a form that can be saved.
    const bankAccount = {
      bik: '044525225',
      bank: 'ПАО Сбербанк',
      addressBank: 'г Москва, ул Вавилова, д 19',
      account: '40802810000000000004',
      corrAccount: '30101810400000000225',
    };
    expect(legalInfoErrors({ ...info!, bankAccount })).toEqual({});
  });

  it('answers null for an INN the registry does not know', async () => {
    expect(await registry().findByInn('7707083894')).toBeNull();
  });

  it('throws on a wrong key, a 500, an answer of another shape and a registry that does not answer', async () => {
    const wrongKey = createHttpLegalRegistry({ url: fake.url, apiKey: 'wrong', timeoutMs: 300 });
    await expect(wrongKey.findByInn('7707083893')).rejects.toThrow('legal registry answered 403');
    await expect(registry().findByInn(failingInn)).rejects.toThrow('legal registry answered 500');
    await expect(registry().findByInn(otherShapeInn)).rejects.toThrow();
    await expect(registry().findByInn(hangingInn)).rejects.toThrow(/abort|timeout/i);
  });

  describe('behind POST /api/legal/get_legal_data (LEGAL_REGISTRY_URL set)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: { LEGAL_REGISTRY_URL: `${fake.url}/`, LEGAL_REGISTRY_API_KEY: apiKey },
      });
    });
    afterAll(() => t.close());

    const lookUp = async (inn: string) => {
      const owner = await t.loginAs('owner');
      return t.app.inject({
        method: 'POST',
        url: '/api/legal/get_legal_data',
        headers: owner.headers,
        payload: { inn },
      });
    };

    it('fills the form from the registry', async () => {
      const res = await lookUp('7736207543');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        found: true,
        legal_info: { type: 'LEGAL', nameOrg: 'ООО «ЯНДЕКС»', kpp: '770401001' },
      });
    });

    it('answers 502 LEGAL_LOOKUP_FAILED when the registry fails', async () => {
      const res = await lookUp(failingInn);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({ code: 'LEGAL_LOOKUP_FAILED', message: legalMessages.lookupFailed });
    });
  });
});

describe('legal registry stand-in', () => {
  it('knows a few parties whose every number passes its control digits', async () => {
    const registry = createStandInLegalRegistry();
    expect(standInParties.length).toBeGreaterThanOrEqual(6);
    for (const party of standInParties) {
      const info = await registry.findByInn(party.inn);
      // Only the bank is missing: the registry keeps no accounts.
      const errors = Object.keys(legalInfoErrors(info!));
      expect(
        errors.every((field) => field.startsWith('bankAccount.')),
        party.inn,
      ).toBe(true);
    }
    expect(standInParties.filter((p) => p.type === 'INDIVIDUAL')).toHaveLength(2);
    expect(await registry.findByInn('7707083894')).toBeNull();
  });

  it('knows banks whose correspondent account agrees with their БИК', async () => {
    const registry = createStandInLegalRegistry();
    for (const bank of standInBanks) {
      const details = (await registry.findBankByBik(bank.bic))!;
      expect(isValidCorrAccount(details.corrAccount, details.bik), bank.bic).toBe(true);
      expect(details.bank && details.addressBank, bank.bic).toBeTruthy();
    }
    expect(await registry.findBankByBik('049999999')).toBeNull();
  });
});
