import type { Party } from './legal-registry';

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
