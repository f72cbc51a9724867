import type { Bank, Party } from './legal-registry';

// City-level ФИАС codes: the stand-in knows cities, not houses, and a real house code would be a guess.
const fias = {
  moscow: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
  novosibirsk: '8dea00e3-9aab-4d8e-887c-ef2aaa546456',
  kazan: '93b3df57-4c89-44df-ac42-96f05e9cd3b9',
};

const address = (unrestricted_value: string, fias_id: string) => ({
  unrestricted_value,
  data: { fias_id },
});

/**
 * The parties the offline INN lookup knows, in DaData's shape so that they go through the real mapping.
 * Sberbank's and Yandex's INN, OGRN and KPP are their published ones (the rest of their entries is
 * illustrative); the car washes and sole traders are made up, with numbers whose control digits agree (generated with packages/shared/src/legal/checksums.ts).
 */
export const standInParties: Party[] = [
  {
    type: 'LEGAL',
    inn: '7707083893',
    ogrn: '1027700132195',
    kpp: '773601001',
    okpo: '00032537',
    name: {
      short_with_opf: 'ПАО СБЕРБАНК',
      full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО «СБЕРБАНК РОССИИ»',
    },
    address: address('117312, г Москва, ул Вавилова, д 19', fias.moscow),
  },
  {
    type: 'LEGAL',
    inn: '7736207543',
    ogrn: '1027700229193',
    kpp: '770401001',
    okpo: '55171297',
    name: {
      short_with_opf: 'ООО «ЯНДЕКС»',
      full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ЯНДЕКС»',
    },
    address: address('119021, г Москва, ул Льва Толстого, д 16', fias.moscow),
  },
  {
    // The demo's own «Мойка на Ленина» (demo-online-booking.ts): «Заполнить по инн» on its saved INN fills
    // the form again rather than answering «ничего не найдено».
    type: 'LEGAL',
    inn: '7725123450',
    ogrn: '1217700123453',
    kpp: '772501001',
    okpo: '12345670',
    name: {
      short_with_opf: 'ООО «Мойка на Ленина»',
      full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «МОЙКА НА ЛЕНИНА»',
    },
    address: address('119071, г Москва, Ленинский пр-кт, д 45', fias.moscow),
  },
  {
    type: 'LEGAL',
    inn: '7715483920',
    ogrn: '1177746152836',
    kpp: '771501001',
    okpo: '18452736',
    name: {
      short_with_opf: 'ООО «ЧИСТЫЙ КУЗОВ»',
      full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «ЧИСТЫЙ КУЗОВ»',
    },
    address: address('127410, г Москва, Алтуфьевское шоссе, д 31, стр 2', fias.moscow),
  },
  {
    type: 'LEGAL',
    inn: '5406328176',
    ogrn: '1195476003183',
    kpp: '540601001',
    okpo: '40218693',
    name: {
      short_with_opf: 'ООО «АВТОМОЙКА СИБИРЬ»',
      full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «АВТОМОЙКА СИБИРЬ»',
    },
    address: address('630099, г Новосибирск, ул Садовая, д 12', fias.novosibirsk),
  },
  {
    type: 'LEGAL',
    inn: '1659047122',
    ogrn: '1201600009137',
    kpp: '165901001',
    okpo: '63917205',
    name: {
      short_with_opf: 'ООО «БЛЕСК-КАЗАНЬ»',
      full_with_opf: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ «БЛЕСК-КАЗАНЬ»',
    },
    address: address('420087, г Казань, ул Даурская, д 44', fias.kazan),
  },
  {
    type: 'INDIVIDUAL',
    inn: '772451839050',
    ogrn: '318774600193522',
    okpo: '0192837465',
    name: {
      short_with_opf: 'ИП Смирнов Алексей Викторович',
      full_with_opf: 'Индивидуальный предприниматель Смирнов Алексей Викторович',
    },
    fio: { surname: 'Смирнов', name: 'Алексей', patronymic: 'Викторович' },
    address: address('г Москва', fias.moscow),
    // 14.03.2018, midnight in Moscow.
    state: { registration_date: 1520974800000 },
  },
  {
    type: 'INDIVIDUAL',
    inn: '540231789529',
    ogrn: '320547600047112',
    okpo: '2046813579',
    name: {
      short_with_opf: 'ИП Кузнецова Ольга Сергеевна',
      full_with_opf: 'Индивидуальный предприниматель Кузнецова Ольга Сергеевна',
    },
    fio: { surname: 'Кузнецова', name: 'Ольга', patronymic: 'Сергеевна' },
    address: address('г Новосибирск', fias.novosibirsk),
    // 02.09.2020, midnight in Moscow.
    state: { registration_date: 1598994000000 },
  },
];

/**
 * The banks the offline БИК lookup knows, in DaData's shape. Their БИК and correspondent accounts are the
 * published ones (and agree by the Bank of Russia's key); the addresses are the head offices'.
 */
export const standInBanks: Bank[] = [
  {
    bic: '044525225',
    correspondent_account: '30101810400000000225',
    name: { payment: 'ПАО Сбербанк', short: 'ПАО СБЕРБАНК' },
    address: { unrestricted_value: '117312, г Москва, ул Вавилова, д 19', value: null },
  },
  {
    bic: '044525187',
    correspondent_account: '30101810700000000187',
    name: { payment: 'Банк ВТБ (ПАО)', short: 'ВТБ' },
    address: { unrestricted_value: '191144, г Санкт-Петербург, Дегтярный пер, д 11, лит А', value: null },
  },
  {
    bic: '044525593',
    correspondent_account: '30101810200000000593',
    name: { payment: 'АО «АЛЬФА-БАНК»', short: 'АЛЬФА-БАНК' },
    address: { unrestricted_value: '107078, г Москва, ул Каланчевская, д 27', value: null },
  },
  {
    bic: '044525974',
    correspondent_account: '30101810145250000974',
    name: { payment: 'АО «ТБанк»', short: 'ТБАНК' },
    address: { unrestricted_value: '127287, г Москва, ул 2-я Хуторская, д 38А, стр 26', value: null },
  },
  {
    bic: '045004641',
    correspondent_account: '30101810500000000641',
    name: { payment: 'Сибирский банк ПАО Сбербанк', short: 'СИБИРСКИЙ БАНК ПАО СБЕРБАНК' },
    address: { unrestricted_value: '630007, г Новосибирск, ул Серебренниковская, д 20', value: null },
  },
  {
    bic: '049205603',
    correspondent_account: '30101810600000000603',
    name: { payment: 'Отделение «Банк Татарстан» N8610 ПАО Сбербанк', short: 'БАНК ТАТАРСТАН N8610' },
    address: { unrestricted_value: '420015, г Казань, ул Пушкина, д 1', value: null },
  },
];
