import { z } from 'zod';
import { emptyLegalInfo, legalInfoShape, type LegalInfo } from '@crm/shared';
import type { Config } from '../config';
import { standInParties } from './legal-registry-stand-in';

/** The INN lookup behind «Заполнить по инн» (S2 §7 «Legal»). */
export interface LegalRegistry {
  /** The registered company or sole trader, or null when the registry knows no such INN; throws when it fails. */
  findByInn(inn: string): Promise<LegalInfo | null>;
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
 * the first suggestion is the party in force. Any failure (network, timeout, non-2xx, an answer of another
 * shape) throws.
 */
export function createHttpLegalRegistry(options: {
  url: string;
  apiKey: string;
  timeoutMs?: number;
}): LegalRegistry {
  return {
    async findByInn(inn) {
      const response = await fetch(`${options.url}/findById/party`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Token ${options.apiKey}`,
        },
        body: JSON.stringify({ query: inn }),
        signal: AbortSignal.timeout(options.timeoutMs ?? LEGAL_REGISTRY_TIMEOUT_MS),
      });
      // Not the key or the body: a log line must never carry the key, and the body may carry a person's name.
      if (!response.ok) throw new Error(`legal registry answered ${response.status}`);
      const answer = answerSchema.parse(await response.json());
      const first = answer.suggestions[0];
      return first ? partyToLegalInfo(first.data) : null;
    },
  };
}

/** The offline stand-in: a few registered parties (legal-registry-stand-in.ts), through the same mapping. */
export function createStandInLegalRegistry(parties: readonly Party[] = standInParties): LegalRegistry {
  return {
    async findByInn(inn) {
      const party = parties.find((p) => p.inn === inn);
      return party ? partyToLegalInfo(party) : null;
    },
  };
}

/** The HTTP registry when LEGAL_REGISTRY_URL is set, else the stand-in. */
export function createLegalRegistry(config: Pick<Config, 'legalRegistry'>): LegalRegistry {
  return config.legalRegistry ? createHttpLegalRegistry(config.legalRegistry) : createStandInLegalRegistry();
}
