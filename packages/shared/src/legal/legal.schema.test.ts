import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../errors/api-error';
import { dateMessages } from '../time/date-fields';
import {
  emptyLegalInfo,
  innProblem,
  legalMessages,
  legalTypeOfInn,
  requiredLegalFields,
} from './legal-rules';
import {
  bankLookupBodySchema,
  certificateDateProblem,
  legalInfoErrors,
  legalInfoSchema,
  legalLookupBodySchema,
  legalSaveBodySchema,
  type LegalInfo,
} from './legal.schema';

const bankAccount = {
  bik: '044525225',
  bank: 'ПАО Сбербанк',
  addressBank: '117312, г Москва, ул Вавилова, д 19',
  account: '40702810938000000001',
  corrAccount: '30101810400000000225',
};

const company: LegalInfo = {
  ...emptyLegalInfo('LEGAL', '7707083893'),
  ogrn: '1027700132195',
  kpp: '773601001',
  okpo: '00032537',
  fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
  fullNameOrg: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО «СБЕРБАНК РОССИИ»',
  addressOrg: '117312, г Москва, ул Вавилова, д 19',
  bankAccount,
};

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
  bankAccount: { ...bankAccount, account: '40802810000000000004' },
};

describe('legalTypeOfInn (S2 §4)', () => {
  it('is a company for 10 digits, a sole trader for 12, nothing otherwise', () => {
    expect(legalTypeOfInn('7707083893')).toBe('LEGAL');
    expect(legalTypeOfInn('772451839050')).toBe('INDIVIDUAL');
    for (const inn of ['', '77070838931', '7707O83893']) expect(legalTypeOfInn(inn)).toBeNull();
  });
});

describe('legalInfoErrors (S2 §5 «Legal form» and the control digits)', () => {
  it('has nothing to say about a complete company or sole trader', () => {
    expect(legalInfoErrors(company)).toEqual({});
    expect(legalInfoErrors(trader)).toEqual({});
  });

  it("requires each type's own fields and the whole bank account, whatever the type", () => {
    const bankFields = ['bik', 'bank', 'addressBank', 'account', 'corrAccount'].map(
      (f) => `bankAccount.${f}`,
    );
    const legal = legalInfoErrors(emptyLegalInfo('LEGAL'));
    expect(Object.keys(legal).sort()).toEqual([...requiredLegalFields.LEGAL, ...bankFields].sort());
    expect(new Set(Object.values(legal))).toEqual(new Set([legalMessages.required]));

    const individual = legalInfoErrors(emptyLegalInfo('INDIVIDUAL'));
    expect(Object.keys(individual).sort()).toEqual([...requiredLegalFields.INDIVIDUAL, ...bankFields].sort());
    expect(individual.certificateDate).toBe('Выберите дату');
    expect(individual.surname).toBe('Обязательное поле');
    // A company is not asked for a person's name, nor a sole trader for a KPP.
    expect(legal).not.toHaveProperty('surname');
    expect(individual).not.toHaveProperty('kpp');
  });

  it('treats blank as empty', () => {
    expect(legalInfoErrors({ ...company, kpp: '   ' })).toEqual({ kpp: legalMessages.required });
  });

  it('checks each number by its control digits, and the INN against the type', () => {
    expect(legalInfoErrors({ ...company, inn: '7707083894' })).toEqual({ inn: legalMessages.innInvalid });
    expect(legalInfoErrors({ ...company, inn: '772451839050' })).toEqual({ inn: legalMessages.innInvalid });
    expect(legalInfoErrors({ ...company, ogrn: '1027700132196' })).toEqual({
      ogrn: legalMessages.ogrnInvalid,
    });
    expect(legalInfoErrors({ ...company, kpp: '7736010' })).toEqual({ kpp: legalMessages.kppInvalid });
    expect(legalInfoErrors({ ...company, okpo: '0003253' })).toEqual({ okpo: legalMessages.okpoInvalid });
    expect(legalInfoErrors({ ...trader, ogrnip: '318774600193523' })).toEqual({
      ogrnip: legalMessages.ogrnipInvalid,
    });
    expect(legalInfoErrors({ ...trader, certificateDate: '2018-03-14' })).toEqual({
      certificateDate: legalMessages.dateInvalid,
    });
    expect(legalInfoErrors({ ...trader, certificateDate: '31.13.2018' })).toEqual({
      certificateDate: legalMessages.dateInvalid,
    });
  });

  it('wants a certificate date that exists, from 1900 up to today (DESIGN §8)', () => {
    expect(certificateDateProblem('29.02.2020')).toBeNull();
    expect(certificateDateProblem('01.01.1900')).toBeNull();
    expect(certificateDateProblem('31.02.2018')).toBe(legalMessages.dateInvalid);
    expect(certificateDateProblem('1.3.2018')).toBe(legalMessages.dateInvalid);
    expect(certificateDateProblem('31.12.1899')).toBe(dateMessages.pastRange);
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(certificateDateProblem(`01.01.${nextYear}`)).toBe(dateMessages.pastRange);
    expect(legalInfoErrors({ ...trader, certificateDate: '01.01.2099' })).toEqual({
      certificateDate: dateMessages.pastRange,
    });
  });

  it('checks the accounts against the BIK, and leaves them alone while the BIK itself is wrong', () => {
    const wrongAccount = { ...company, bankAccount: { ...bankAccount, account: '40702810938000000002' } };
    expect(legalInfoErrors(wrongAccount)).toEqual({ 'bankAccount.account': legalMessages.accountInvalid });
    const wrongCorr = { ...company, bankAccount: { ...bankAccount, corrAccount: '30101810400000000226' } };
    expect(legalInfoErrors(wrongCorr)).toEqual({
      'bankAccount.corrAccount': legalMessages.corrAccountInvalid,
    });
    // The same account is fine with its own bank and wrong with another's.
    const otherBank = { ...company, bankAccount: { ...bankAccount, bik: '044030653' } };
    expect(legalInfoErrors(otherBank)).toMatchObject({ 'bankAccount.account': legalMessages.accountInvalid });
    const badBik = { ...company, bankAccount: { ...bankAccount, bik: '144525225' } };
    expect(legalInfoErrors(badBik)).toEqual({ 'bankAccount.bik': legalMessages.bikInvalid });
  });
});

describe('innProblem', () => {
  it('says what is wrong first: missing, then the length, then the control digits', () => {
    expect(innProblem('')).toBe(legalMessages.required);
    expect(innProblem('   ')).toBe(legalMessages.required);
    expect(innProblem('77070838')).toBe(legalMessages.innFormat);
    expect(innProblem('77О7083893')).toBe(legalMessages.innFormat);
    expect(innProblem('7707083894')).toBe(legalMessages.innInvalid);
    expect(innProblem('772451839051')).toBe(legalMessages.innInvalid);
    expect(innProblem(' 7707083893 ')).toBeNull();
    expect(innProblem('772451839050')).toBeNull();
  });
});

describe('the legal schemas', () => {
  it('trims, and reports the form errors at their nested paths', () => {
    const parsed = legalInfoSchema.parse({ ...company, kpp: ' 773601001 ' });
    expect(parsed.kpp).toBe('773601001');
    const result = legalInfoSchema.safeParse({ ...company, bankAccount: { ...bankAccount, bik: '' } });
    expect(issuesToFields(result.error!.issues)).toEqual({ 'bankAccount.bik': legalMessages.required });
  });

  it('takes an INN of 10 or 12 digits whose control digits agree for the lookup, with clear messages', () => {
    const fields = (inn: unknown) => {
      const result = legalLookupBodySchema.safeParse({ inn });
      return result.success ? {} : issuesToFields(result.error.issues);
    };
    expect(fields(' 7707083893 ')).toEqual({});
    expect(fields('772451839050')).toEqual({});
    // The right length but a mistyped digit: refused before the registry, not «ничего не найдено».
    expect(fields('7707083894')).toEqual({ inn: legalMessages.innInvalid });
    expect(fields('123456789012')).toEqual({ inn: legalMessages.innInvalid });
    expect(fields('')).toEqual({ inn: legalMessages.required });
    expect(fields(undefined)).toEqual({ inn: legalMessages.required });
    expect(fields('12345678901')).toEqual({ inn: legalMessages.innFormat });
    expect(fields('77070838ab')).toEqual({ inn: legalMessages.innFormat });
  });

  it('takes a БИК of 9 digits starting 04 for the bank lookup', () => {
    const fields = (bik: unknown) => {
      const result = bankLookupBodySchema.safeParse({ bik });
      return result.success ? {} : issuesToFields(result.error.issues);
    };
    expect(fields(' 044525225 ')).toEqual({});
    expect(fields('')).toEqual({ bik: legalMessages.required });
    expect(fields('144525225')).toEqual({ bik: legalMessages.bikInvalid });
    expect(fields('04452522')).toEqual({ bik: legalMessages.bikInvalid });
  });

  it('wants a carwash id with the info to save', () => {
    expect(legalSaveBodySchema.safeParse({ legal_info: company, carwash_id: '100101' }).success).toBe(true);
    expect(legalSaveBodySchema.safeParse({ legal_info: company, carwash_id: '' }).success).toBe(false);
  });
});
