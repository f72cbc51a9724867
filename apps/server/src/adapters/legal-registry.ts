import { z } from 'zod';
import {
  bankDetailsSchema,
  emptyLegalInfo,
  legalInfoShape,
  type BankDetails,
  type LegalInfo,
} from '@crm/shared';
import type { Config } from '../config';
import { standInBanks, standInParties } from './legal-registry-stand-in';

/** The INN lookup behind «Заполнить по инн» (S2 §7 «Legal») and the БИК lookup of the bank block. */
export interface LegalRegistry {
  /** The registered company or sole trader, or null when the registry knows no such INN; throws when it fails. */
  findByInn(inn: string): Promise<LegalInfo | null>;
  /** The bank of a БИК from the Bank of Russia's directory, or null when it knows none; throws when it fails. */
  findBankByBik(bik: string): Promise<BankDetails | null>;
}

export const LEGAL_REGISTRY_TIMEOUT_MS = 5000;

const text = z.string().nullish();

/** The part of a DaData «party» we read (`suggestions[].data`); DaData sends null for what it lacks. */
export const partySchema = z.object({
  type: z.enum(['LEGAL', 'INDIVIDUAL']),
  inn: z.string(),
  ogrn: text,
  okpo: text,
  kpp: text,
  name: z.object({ full_with_opf: text, short_with_opf: text }).nullish(),
  address: z.object({ unrestricted_value: text, data: z.object({ fias_id: text }).nullish() }).nullish(),
  fio: z.object({ surname: text, name: text, patronymic: text }).nullish(),
  state: z.object({ registration_date: z.number().nullish() }).nullish(),
});
export type Party = z.infer<typeof partySchema>;

const answerSchema = z.object({ suggestions: z.array(z.object({ data: partySchema })) });

/** The part of a DaData «bank» we read (`suggestions[].data`). */
export const bankSchema = z.object({
  bic: z.string(),
  correspondent_account: text,
  name: z.object({ payment: text, short: text }).nullish(),
  address: z.object({ unrestricted_value: text, value: text }).nullish(),
});
export type Bank = z.infer<typeof bankSchema>;

const bankAnswerSchema = z.object({ suggestions: z.array(z.object({ data: bankSchema })) });

/** A directory bank as the form's bank block (its payment name is the one for payment orders). */
export function bankToDetails(bank: Bank): BankDetails {
  return bankDetailsSchema.parse({
    bik: bank.bic,
    bank: bank.name?.payment ?? bank.name?.short ?? '',
    corrAccount: bank.correspondent_account ?? '',
    addressBank: bank.address?.unrestricted_value ?? bank.address?.value ?? '',
  });
}

/** DD.MM.YYYY of an instant, on Moscow's calendar: the tax service registers in Moscow time. */
function registrationDate(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

/**
 * A party as the legal form's shape. The registry keeps no bank account, so that part stays empty for the
 * owner to fill in; the OGRN of a sole trader is an OGRNIP. An answer that does not fit the form's limits
 * throws, which the caller reports as a failed lookup rather than a broken form.
 */
export function partyToLegalInfo(party: Party): LegalInfo {
  const s = (v: string | null | undefined) => v ?? '';
  const individual = party.type === 'INDIVIDUAL';
  return legalInfoShape.parse({
    ...emptyLegalInfo(party.type, party.inn),
    ogrn: individual ? '' : s(party.ogrn),
    ogrnip: individual ? s(party.ogrn) : '',
    okpo: s(party.okpo),
    kpp: individual ? '' : s(party.kpp),
    nameOrg: s(party.name?.short_with_opf),
    fullNameOrg: s(party.name?.full_with_opf),
    addressOrg: s(party.address?.unrestricted_value),
    fias: s(party.address?.data?.fias_id),
    surname: individual ? s(party.fio?.surname) : '',
    name: individual ? s(party.fio?.name) : '',
    lastname: individual ? s(party.fio?.patronymic) : '',
    certificateDate: individual ? registrationDate(party.state?.registration_date) : '',
  });
}

/**
 * DaData's «find party by id» (`POST {url}/findById/party`, `Authorization: Token {key}`, `{query: inn}`):
 * the first suggestion is the party in force; «find bank by id» (`findById/bank`, `{query: bik}`) the same
 * for a bank. Any failure (network, timeout, non-2xx, an answer of another
 * shape) throws.
 */
export function createHttpLegalRegistry(options: {
  url: string;
  apiKey: string;
  timeoutMs?: number;
}): LegalRegistry {
  const call = async (kind: 'party' | 'bank', query: string): Promise<unknown> => {
    const response = await fetch(`${options.url}/findById/${kind}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Token ${options.apiKey}`,
      },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(options.timeoutMs ?? LEGAL_REGISTRY_TIMEOUT_MS),
    });
    // Not the key or the body: a log line must never carry the key, and the body may carry a person's name.
    if (!response.ok) throw new Error(`legal registry answered ${response.status}`);
    return response.json();
  };
  return {
    async findByInn(inn) {
      const first = answerSchema.parse(await call('party', inn)).suggestions[0];
      return first ? partyToLegalInfo(first.data) : null;
    },
    async findBankByBik(bik) {
      const first = bankAnswerSchema.parse(await call('bank', bik)).suggestions[0];
      return first ? bankToDetails(first.data) : null;
    },
  };
}

/**
 * The offline stand-in: a few registered parties and banks (legal-registry-stand-in.ts), through the same
 * mappings as the HTTP registry's answers.
 */
export function createStandInLegalRegistry(
  parties: readonly Party[] = standInParties,
  banks: readonly Bank[] = standInBanks,
): LegalRegistry {
  return {
    async findByInn(inn) {
      const party = parties.find((p) => p.inn === inn);
      return party ? partyToLegalInfo(party) : null;
    },
    async findBankByBik(bik) {
      const bank = banks.find((b) => b.bic === bik);
      return bank ? bankToDetails(bank) : null;
    },
  };
}

/** The HTTP registry when LEGAL_REGISTRY_URL is set, else the stand-in. */
export function createLegalRegistry(config: Pick<Config, 'legalRegistry'>): LegalRegistry {
  return config.legalRegistry ? createHttpLegalRegistry(config.legalRegistry) : createStandInLegalRegistry();
}
