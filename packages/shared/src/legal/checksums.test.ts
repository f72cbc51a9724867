import { describe, expect, it } from 'vitest';
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

/** Every single-digit change of a number: each must break its control digits. */
function oneDigitChanges(valid: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < valid.length; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== valid[i]) out.push(valid.slice(0, i) + d + valid.slice(i + 1));
    }
  }
  return out;
}

// Sberbank's published details, and sole-trader numbers built with the same rules.
const sber = {
  inn: '7707083893',
  ogrn: '1027700132195',
  kpp: '773601001',
  bik: '044525225',
  corr: '30101810400000000225',
  account: '40702810938000000001',
};

describe('ИНН', () => {
  it("accepts companies' 10-digit and people's 12-digit numbers", () => {
    for (const inn of [sber.inn, '7736207543', '772451839050', '540231789529']) {
      expect(isValidInn(inn), inn).toBe(true);
    }
  });

  it('refuses any one digit changed in the control digits, a wrong length and letters', () => {
    // The control digit of a 10-digit INN is the last; changing it always breaks the number.
    for (const d of '012456789') expect(isValidInn(`770708389${d}`)).toBe(false);
    // A 12-digit INN has two control digits; changing either breaks it.
    for (const d of '123456789') expect(isValidInn(`77245183905${d}`)).toBe(false);
    for (const d of '012346789') expect(isValidInn(`7724518390${d}0`)).toBe(false);
    for (const inn of ['770708389', '77070838931', '7707O83893', '', ' 7707083893', '77245183905']) {
      expect(isValidInn(inn), inn).toBe(false);
    }
  });
});

describe('ОГРН and ОГРНИП', () => {
  it("accepts Sberbank's and Yandex's OGRN and a sole trader's OGRNIP", () => {
    expect(isValidOgrn(sber.ogrn)).toBe(true);
    expect(isValidOgrn('1027700229193')).toBe(true);
    expect(isValidOgrnip('318774600193522')).toBe(true);
    expect(isValidOgrnip('320547600047112')).toBe(true);
  });

  it('refuses every one-digit change of the check digit, the other kind and letters', () => {
    for (const d of '012346789') expect(isValidOgrn(`102770013219${d}`)).toBe(false);
    for (const d of '013456789') expect(isValidOgrnip(`31877460019352${d}`)).toBe(false);
    expect(isValidOgrn('318774600193522')).toBe(false);
    expect(isValidOgrnip(sber.ogrn)).toBe(false);
    expect(isValidOgrn('102770013219A')).toBe(false);
    expect(isValidOgrn('102770013219')).toBe(false);
  });
});

describe('КПП, БИК, ОКПО', () => {
  it('checks the КПП layout: 4 digits, 2 digits or capital Latin letters, 3 digits', () => {
    expect(isValidKpp(sber.kpp)).toBe(true);
    expect(isValidKpp('7736AB001')).toBe(true);
    for (const kpp of ['77360100', '7736010011', '7736ab001', '77З6О1001', 'A73601001']) {
      expect(isValidKpp(kpp), kpp).toBe(false);
    }
  });

  it('wants a Russian BIK: 9 digits starting 04', () => {
    expect(isValidBik(sber.bik)).toBe(true);
    for (const bik of ['144525225', '04452522', '0445252250', '04452522O']) {
      expect(isValidBik(bik), bik).toBe(false);
    }
  });

  it('takes an OKPO of 8 digits (a company) or 10 (a sole trader)', () => {
    expect(isValidOkpo('00032537')).toBe(true);
    expect(isValidOkpo('0192837465')).toBe(true);
    for (const okpo of ['0003253', '000325370', '0003253A']) expect(isValidOkpo(okpo), okpo).toBe(false);
  });
});

describe('bank accounts against the BIK', () => {
  it("accepts Sberbank's correspondent account and settlement accounts of its clients", () => {
    expect(isValidCorrAccount(sber.corr, sber.bik)).toBe(true);
    expect(isValidAccount(sber.account, sber.bik)).toBe(true);
    expect(isValidAccount('40802810000000000004', sber.bik)).toBe(true);
  });

  it('refuses any one digit changed, a wrong length, letters and a broken BIK', () => {
    for (const changed of oneDigitChanges(sber.account)) {
      expect(isValidAccount(changed, sber.bik), changed).toBe(false);
    }
    for (const changed of oneDigitChanges(sber.corr)) {
      expect(isValidCorrAccount(changed, sber.bik), changed).toBe(false);
    }
    expect(isValidAccount('4070281093800000000', sber.bik)).toBe(false);
    expect(isValidAccount('4070281093800000000A', sber.bik)).toBe(false);
    expect(isValidAccount(sber.account, '044525226')).toBe(false);
    expect(isValidAccount(sber.account, '144525225')).toBe(false);
    // The corr. account's key takes BIK digits 5–6 («25»): a bank of another region breaks it.
    expect(isValidCorrAccount(sber.corr, '044030653')).toBe(false);
    // Only a corr. account starts 30101.
    expect(isValidCorrAccount(sber.account, sber.bik)).toBe(false);
  });
});
