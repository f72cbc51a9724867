import { z } from 'zod';
import { dateMessages, pastLocalDate } from '../time/date-fields';
import {
  isValidAccount,
  isValidBik,
  isValidCorrAccount,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
  isValidOkpo,
} from './checksums';
import {
  innProblem,
  legalMessages,
  legalTypeOfInn,
  requiredLegalFields,
  type LegalType,
} from './legal-rules';

export const legalTypes = ['LEGAL', 'INDIVIDUAL'] as const;

const text = (max: number) => z.string().trim().max(max);

export const bankAccountSchema = z.object({
  bik: text(9),
  bank: text(300),
  addressBank: text(500),
  account: text(20),
  corrAccount: text(20),
});

/**
 * Legal info (S2 §3). Every field is a string ('' when unknown) so the form and the registry answer have
 * one shape; which ones are required depends on `type` (`requiredLegalFields`), and each number is checked
 * by its control digits.
 */
export const legalInfoShape = z.object({
  type: z.enum(legalTypes),
  inn: text(12),
  ogrn: text(13),
  ogrnip: text(15),
  okpo: text(10),
  kpp: text(9),
  fias: text(64),
  nameOrg: text(300),
  fullNameOrg: text(500),
  addressOrg: text(500),
  commentToAddress: text(500),
  name: text(100),
  surname: text(100),
  lastname: text(100),
  certificateNumber: text(50),
  /** DD.MM.YYYY (S2 §3). */
  certificateDate: text(10),
  bankAccount: bankAccountSchema,
});
export type LegalInfo = z.infer<typeof legalInfoShape>;

/**
 * A certificate date is DD.MM.YYYY (S2 §3) of a day that exists, from 1900 up to today (DESIGN §8: dates
 * of documents); null when it is fine.
 */
export function certificateDateProblem(value: string): string | null {
  const parts = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!parts) return legalMessages.dateInvalid;
  const result = pastLocalDate().safeParse(`${parts[3]}-${parts[2]}-${parts[1]}`);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return message === dateMessages.pastRange ? message : legalMessages.dateInvalid;
}

/** All of S2 §5 «Legal form» plus the control digits, as `{field path: message}`; empty when it can be saved. */
export function legalInfoErrors(v: LegalInfo): Record<string, string> {
  const errors: Record<string, string> = {};
  const need = requiredLegalFields[v.type];
  for (const field of need) {
    if (!String(v[field] ?? '').trim())
      errors[field] = field === 'certificateDate' ? legalMessages.pickDate : legalMessages.required;
  }
  for (const field of ['bik', 'bank', 'addressBank', 'corrAccount', 'account'] as const) {
    if (!v.bankAccount[field].trim()) errors[`bankAccount.${field}`] = legalMessages.required;
  }
  const check = (field: string, value: string, ok: (s: string) => boolean, message: string) => {
    if (value && !errors[field] && !ok(value)) errors[field] = message;
  };
  check('inn', v.inn, (s) => isValidInn(s) && legalTypeOfInn(s) === v.type, legalMessages.innInvalid);
  if (v.type === 'LEGAL') {
    check('ogrn', v.ogrn, isValidOgrn, legalMessages.ogrnInvalid);
    check('kpp', v.kpp, isValidKpp, legalMessages.kppInvalid);
  } else {
    check('ogrnip', v.ogrnip, isValidOgrnip, legalMessages.ogrnipInvalid);
    const dateProblem = v.certificateDate && certificateDateProblem(v.certificateDate);
    if (dateProblem && !errors.certificateDate) errors.certificateDate = dateProblem;
  }
  check('okpo', v.okpo, isValidOkpo, legalMessages.okpoInvalid);
  const bank = v.bankAccount;
  check('bankAccount.bik', bank.bik, isValidBik, legalMessages.bikInvalid);
  if (isValidBik(bank.bik)) {
    check(
      'bankAccount.account',
      bank.account,
      (s) => isValidAccount(s, bank.bik),
      legalMessages.accountInvalid,
    );
    check(
      'bankAccount.corrAccount',
      bank.corrAccount,
      (s) => isValidCorrAccount(s, bank.bik),
      legalMessages.corrAccountInvalid,
    );
  }
  return errors;
}

export const legalInfoSchema = legalInfoShape.superRefine((v, ctx) => {
  for (const [key, message] of Object.entries(legalInfoErrors(v))) {
    ctx.addIssue({ code: 'custom', message, path: key.split('.') });
  }
});

/** The INN field of S2 §5: required, 10 or 12 digits, and (beyond the spec) control digits that agree. */
export const innSchema = z
  .string({ error: legalMessages.required })
  .trim()
  .superRefine((inn, ctx) => {
    const problem = innProblem(inn);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** `POST /api/legal/get_legal_data` `{inn}` (S2 §7): an INN whose control digits fail never reaches the registry. */
export const legalLookupBodySchema = z.object({ inn: innSchema });
/** `found: false` → the info message and an empty form of the type the INN's length implies (S2 §4). */
export const legalLookupResponseSchema = z.object({ found: z.boolean(), legal_info: legalInfoShape });

/** A bank as the BIK directory knows it: what «БИК» fills in the bank block. */
export const bankDetailsSchema = z.object({
  bik: z.string(),
  bank: text(300),
  corrAccount: text(20),
  addressBank: text(500),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** `POST /api/legal/get_bank_data` `{bik}`: 9 digits starting 04 (a Russian bank's БИК). */
export const bankLookupBodySchema = z.object({
  bik: z
    .string({ error: legalMessages.required })
    .trim()
    .min(1, legalMessages.required)
    .refine(isValidBik, legalMessages.bikInvalid),
});
/** `found: false` → the bank is filled in by hand. */
export const bankLookupResponseSchema = z.object({ found: z.boolean(), bank: bankDetailsSchema.nullable() });

/** `POST /api/legal/save_legal_data` `{legal_info, carwash_id}` (S2 §7). */
export const legalSaveBodySchema = z.object({
  legal_info: legalInfoSchema,
  carwash_id: z.string().min(1).max(64),
});

/** `GET /api/legal/get_by_station_id/{stationId}`: null until saved once. */
export const legalInfoResponseSchema = z.object({
  legal_info: legalInfoShape.nullable(),
  updated_at: z.string().nullable(),
});

export type { LegalType };
