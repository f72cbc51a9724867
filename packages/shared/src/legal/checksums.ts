// Control-digit rules of Russian registration and bank numbers (beyond the spec, issue 13). Each returns
// true only for a number of the right length whose control digits agree.

const digits = (s: string) => [...s].map(Number);
const onlyDigits = (s: string, lengths: readonly number[]) => /^\d+$/.test(s) && lengths.includes(s.length);

function weighted(ds: readonly number[], weights: readonly number[]): number {
  return weights.reduce((sum, w, i) => sum + w * ds[i]!, 0);
}

/** ИНН: 10 digits (a company) or 12 (a person or sole trader), the Federal Tax Service's weights. */
export function isValidInn(inn: string): boolean {
  if (!onlyDigits(inn, [10, 12])) return false;
  const d = digits(inn);
  const check = (weights: readonly number[]) => (weighted(d, weights) % 11) % 10;
  if (d.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return (
    check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11]
  );
}

/** ОГРН: 13 digits; the first 12 modulo 11, then modulo 10, give the last. */
export function isValidOgrn(ogrn: string): boolean {
  if (!onlyDigits(ogrn, [13])) return false;
  return Number((BigInt(ogrn.slice(0, 12)) % 11n) % 10n) === Number(ogrn[12]);
}

/** ОГРНИП: 15 digits; the first 14 modulo 13, then modulo 10, give the last. */
export function isValidOgrnip(ogrnip: string): boolean {
  if (!onlyDigits(ogrnip, [15])) return false;
  return Number((BigInt(ogrnip.slice(0, 14)) % 13n) % 10n) === Number(ogrnip[14]);
}

/** КПП: 9 characters — tax office (4 digits), reason (2 digits or capital Latin letters), number (3 digits). */
export function isValidKpp(kpp: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp);
}

/** БИК: 9 digits; Russian banks' begin with 04. */
export function isValidBik(bik: string): boolean {
  return /^04\d{7}$/.test(bik);
}

/** ОКПО: 8 digits (a company) or 10 (a sole trader); its control digit is not always published, so length only. */
export function isValidOkpo(okpo: string): boolean {
  return onlyDigits(okpo, [8, 10]);
}

/** The Bank of Russia's key over 23 digits: weights 7, 1, 3 repeated; the sum of the products' last digits ends in 0. */
function bankKeyOk(key23: string): boolean {
  const weights = [7, 1, 3];
  const sum = digits(key23).reduce((s, d, i) => s + ((d * weights[i % 3]!) % 10), 0);
  return sum % 10 === 0;
}

/** Расчётный счёт: 20 digits whose key agrees with the bank's BIK (its last three digits first). */
export function isValidAccount(account: string, bik: string): boolean {
  if (!onlyDigits(account, [20]) || !isValidBik(bik)) return false;
  return bankKeyOk(bik.slice(-3) + account);
}

/** Корр. счёт: 20 digits starting 30101, whose key agrees with the BIK («0» and its 5th–6th digits first). */
export function isValidCorrAccount(corrAccount: string, bik: string): boolean {
  if (!onlyDigits(corrAccount, [20]) || !isValidBik(bik) || !corrAccount.startsWith('30101')) return false;
  return bankKeyOk(`0${bik.slice(4, 6)}${corrAccount}`);
}
