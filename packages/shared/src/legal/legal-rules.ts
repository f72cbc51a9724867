// Plain legal-form rules (S2 §3, §4, §5, §8). No zod: the page's first paint needs none.

import { isValidInn } from './checksums';

export type LegalType = 'LEGAL' | 'INDIVIDUAL';

/** S2 §5 and §8 «Legal», quoted exactly; the control-digit messages are ours (issue 13). */
export const legalMessages = {
  required: 'Обязательное поле',
  innFormat: 'Некорректное значение',
  pickDate: 'Выберите дату',
  notFound: 'По введеннному инн ничего не найдено. Пожалуйста заполните форму самостоятельно',
  saved: 'Юр. данные успешно сохранены',
  saveFailed: 'Ошибка при сохранении юр. данных',
  fillByInn: 'Заполнить по инн',
  innInvalid:
    'Такого ИНН не бывает: не сходятся контрольные цифры. Сверьте ИНН с документами — скорее всего, опечатка в одной из цифр',
  ogrnInvalid: 'ОГРН не проходит проверку: 13 цифр, последняя — контрольная',
  ogrnipInvalid: 'ОГРНИП не проходит проверку: 15 цифр, последняя — контрольная',
  kppInvalid: 'КПП — 9 символов: 4 цифры, 2 цифры или латинские буквы, 3 цифры',
  okpoInvalid: 'ОКПО — 8 цифр для организации или 10 для ИП',
  bikInvalid: 'БИК — 9 цифр и начинается с 04',
  accountInvalid:
    'Расчётный счёт не открыт в банке с этим БИК: не сходится контрольный ключ. Сверьте счёт с договором банка, а если он верен — БИК',
  corrAccountInvalid:
    'Корр. счёт не сходится с БИК: он начинается с 30101 и оканчивается тремя последними цифрами БИК',
  dateInvalid: 'Дата в формате ДД.ММ.ГГГГ',
  lookupFailed: 'Сервис проверки ИНН недоступен. Заполните форму самостоятельно',
  bankFilled: 'Банк, корр. счёт и адрес банка заполнены по БИК',
  bankNotFound: 'Банк с таким БИК не найден в справочнике. Проверьте БИК или заполните данные банка вручную',
  bankLookupFailed: 'Справочник БИК недоступен. Заполните данные банка вручную',
} as const;

/** Fields each type requires besides the bank's (S2 §3 «Used for LEGAL / INDIVIDUAL»). */
export const requiredLegalFields = {
  LEGAL: ['inn', 'fullNameOrg', 'addressOrg', 'fias', 'kpp', 'ogrn', 'okpo'],
  INDIVIDUAL: [
    'inn',
    'name',
    'surname',
    'lastname',
    'addressOrg',
    'fias',
    'ogrnip',
    'okpo',
    'certificateDate',
  ],
} as const satisfies Record<LegalType, readonly string[]>;

/**
 * What is wrong with an INN before it may be looked up or saved (S2 §5 «INN» and the control digits), or
 * null: empty, then not 10 or 12 digits, then control digits that do not agree — a mistyped INN is refused
 * with its reason instead of being sent to the registry to come back «не найдено».
 */
export function innProblem(inn: string): string | null {
  const value = inn.trim();
  if (!value) return legalMessages.required;
  if (!/^(\d{10}|\d{12})$/.test(value)) return legalMessages.innFormat;
  return isValidInn(value) ? null : legalMessages.innInvalid;
}

/** S2 §4: 10 digits is a company, 12 a sole trader; anything else has no type. */
export function legalTypeOfInn(inn: string): LegalType | null {
  if (/^\d{10}$/.test(inn)) return 'LEGAL';
  if (/^\d{12}$/.test(inn)) return 'INDIVIDUAL';
  return null;
}

/** The Russian label of each field, for the form and the errors. */
export const legalFieldLabels: Record<string, string> = {
  inn: 'ИНН',
  ogrn: 'ОГРН',
  ogrnip: 'ОГРНИП',
  okpo: 'ОКПО',
  kpp: 'КПП',
  fias: 'Код ФИАС',
  nameOrg: 'Краткое наименование',
  fullNameOrg: 'Полное наименование',
  addressOrg: 'Юридический адрес',
  commentToAddress: 'Комментарий к адресу',
  name: 'Имя',
  surname: 'Фамилия',
  lastname: 'Отчество',
  certificateNumber: 'Номер свидетельства',
  certificateDate: 'Дата свидетельства',
  'bankAccount.bik': 'БИК',
  'bankAccount.bank': 'Банк',
  'bankAccount.addressBank': 'Адрес банка',
  'bankAccount.account': 'Расчётный счёт',
  'bankAccount.corrAccount': 'Корр. счёт',
};

export const legalTypeLabels: Record<LegalType, string> = {
  LEGAL: 'Юридическое лицо',
  INDIVIDUAL: 'Индивидуальный предприниматель',
};

/** An empty form of a type (S2 §4: after a failed lookup, with the type the INN's length implies). */
export function emptyLegalInfo(type: LegalType, inn = '') {
  return {
    type,
    inn,
    ogrn: '',
    ogrnip: '',
    okpo: '',
    kpp: '',
    fias: '',
    nameOrg: '',
    fullNameOrg: '',
    addressOrg: '',
    commentToAddress: '',
    name: '',
    surname: '',
    lastname: '',
    certificateNumber: '',
    certificateDate: '',
    bankAccount: { bik: '', bank: '', addressBank: '', account: '', corrAccount: '' },
  };
}
