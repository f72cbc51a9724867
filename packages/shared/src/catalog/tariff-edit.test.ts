import { describe, expect, it } from 'vitest';
import {
  carCategories,
  fixedTariffListSchema,
  issuesToFields,
  ownTariffCreateSchema,
  ownTariffUpdateSchema,
  paymentSettingsSchema,
  sortCategories,
  switchesOffLastProviderTariff,
  zeroPricedService,
} from '../index';

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? {} : issuesToFields(result.error!.issues));

describe('tariff categories', () => {
  it('sorts by the number in the Russian name, not by the text', () => {
    const shuffled = [
      { ru_name: '10 категория' },
      { ru_name: '2 категория' },
      { ru_name: 'Без номера' },
      { ru_name: '1 категория' },
    ];
    expect(sortCategories(shuffled).map((c) => c.ru_name)).toEqual([
      '1 категория',
      '2 категория',
      '10 категория',
      'Без номера',
    ]);
    expect(sortCategories([...carCategories].reverse()).map((c) => c.Name)).toEqual(
      carCategories.map((c) => c.Name),
    );
  });
});

describe('a new own tariff (S2 §5)', () => {
  const valid = {
    tariff_status: true,
    name: '  Химчистка салона ',
    main_option: ['vacuum', 'plastic'],
    extra_option: ['odor'],
    class_to_duration: { Mini: 60, Compact: 90 },
    class_to_price: { Mini: 3000, Compact: 3500 },
  };

  it('accepts a complete tariff and trims the name', () => {
    const parsed = ownTariffCreateSchema.parse(valid);
    expect(parsed.name).toBe('Химчистка салона');
  });

  it('names each missing or wrong field in Russian', () => {
    expect(fieldsOf(ownTariffCreateSchema.safeParse({ ...valid, name: '   ' }))).toMatchObject({
      name: 'Введите название тарифа',
    });
    expect(fieldsOf(ownTariffCreateSchema.safeParse({ ...valid, main_option: [] }))).toMatchObject({
      main_option: 'Выберите хотя бы одну основную услугу',
    });
    expect(
      fieldsOf(ownTariffCreateSchema.safeParse({ ...valid, class_to_price: { Mini: 0 } })),
    ).toMatchObject({ 'class_to_price.Mini': 'Стоимость должна быть больше 0' });
    expect(
      fieldsOf(ownTariffCreateSchema.safeParse({ ...valid, class_to_duration: { Mini: 0 } })),
    ).toMatchObject({ 'class_to_duration.Mini': 'Длительность должна быть больше 0' });
    expect(
      fieldsOf(ownTariffCreateSchema.safeParse({ ...valid, class_to_price: { Mini: 1_000_000 } })),
    ).toMatchObject({ 'class_to_price.Mini': 'Недопустимый диапазон цены' });
  });

  it('refuses a service that is both main and extra', () => {
    const both = { ...valid, extra_option: ['vacuum'] };
    expect(fieldsOf(ownTariffCreateSchema.safeParse(both))).toMatchObject({
      extra_option: 'Услуга не может быть одновременно основной и дополнительной',
    });
    expect(ownTariffUpdateSchema.safeParse(both).success).toBe(false);
  });

  it('lets an edit keep a zero duration (a category the tariff does not serve)', () => {
    expect(ownTariffUpdateSchema.safeParse({ ...valid, class_to_duration: { Mini: 0 } }).success).toBe(true);
  });
});

describe('additional services: the zero-price rule', () => {
  const classes = ['Mini', 'Compact'];

  it('blocks an active service without a price in some class and names it', () => {
    const blocked = zeroPricedService(
      {
        active: { wax: true, odor: true },
        price: {
          Mini: { wax: { price: 300, active: true }, odor: { price: 500, active: true } },
          Compact: { wax: { price: 0, active: true } },
        },
      },
      classes,
    );
    expect(blocked).toEqual({
      service: 'wax',
      classes: ['Compact'],
      message: 'Для услуги "Горячий воск" необходимо указать цены больше нуля',
    });
  });

  it('lets a switched-off service or class keep a zero price', () => {
    expect(
      zeroPricedService(
        {
          active: { wax: false, odor: true },
          price: {
            Mini: { odor: { price: 500, active: true } },
            Compact: { odor: { price: 0, active: false } },
          },
        },
        classes,
      ),
    ).toBeNull();
  });
});

describe('provider tariffs: the last active one stays on (S2 §4)', () => {
  const tariffs = [
    { id: 'a', active: true },
    { id: 'b', active: false },
  ];
  it('refuses switching off the only active one', () => {
    expect(switchesOffLastProviderTariff(tariffs, 'a', false)).toBe(true);
  });
  it('allows switching off one of two, switching on, and touching an inactive one', () => {
    expect(switchesOffLastProviderTariff([...tariffs, { id: 'c', active: true }], 'a', false)).toBe(false);
    expect(switchesOffLastProviderTariff(tariffs, 'b', true)).toBe(false);
    expect(switchesOffLastProviderTariff(tariffs, 'b', false)).toBe(false);
  });
});

describe('fixed tariffs and payment settings (S2 §5)', () => {
  it('checks a fixed tariff description and cost', () => {
    const row = (description: string, cost: number) => ({
      fixed_tariffs: [{ id: 'new-1', description, cost, status: true }],
    });
    expect(fixedTariffListSchema.parse(row('  Мойка кузова  ', 0)).fixed_tariffs[0]!.description).toBe(
      'Мойка кузова',
    );
    expect(fieldsOf(fixedTariffListSchema.safeParse(row('', 100)))).toMatchObject({
      'fixed_tariffs.0.description': 'Описание обязательно',
    });
    expect(fieldsOf(fixedTariffListSchema.safeParse(row('   ', 100)))).toMatchObject({
      'fixed_tariffs.0.description': 'Описание обязательно для заполнения',
    });
    expect(fieldsOf(fixedTariffListSchema.safeParse(row('Аб', 100)))).toMatchObject({
      'fixed_tariffs.0.description': 'Минимум 3 символа',
    });
    expect(fieldsOf(fixedTariffListSchema.safeParse(row('я'.repeat(101), 100)))).toMatchObject({
      'fixed_tariffs.0.description': 'Максимум 100 символов',
    });
    expect(fieldsOf(fixedTariffListSchema.safeParse(row('Мойка', -1)))).toMatchObject({
      'fixed_tariffs.0.cost': 'Стоимость не может быть отрицательной',
    });
  });

  it('checks payment limits', () => {
    expect(paymentSettingsSchema.safeParse({ min: 100, step: 50, max: 5000 }).success).toBe(true);
    expect(fieldsOf(paymentSettingsSchema.safeParse({ min: 0, step: 50, max: 5000 }))).toMatchObject({
      min: 'Минимум 1 рубль',
    });
    expect(fieldsOf(paymentSettingsSchema.safeParse({ min: 500, step: 50, max: 100 }))).toMatchObject({
      max: 'Максимум должен быть больше минимума',
    });
    expect(fieldsOf(paymentSettingsSchema.safeParse({ step: 50, max: 100 }))).toMatchObject({
      min: 'Обязательное поле',
    });
  });
});
