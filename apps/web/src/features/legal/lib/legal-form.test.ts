import { describe, expect, it } from 'vitest';
import { emptyLegalInfo, legalMessages, type LegalInfo } from '@crm/shared';
import {
  changedPaths,
  completeInfo,
  isRequiredField,
  sameInfo,
  serverFieldErrors,
  toSavedInfo,
  updatedLabel,
  visibleErrors,
} from './legal-form';

const soleTrader: LegalInfo = {
  ...emptyLegalInfo('INDIVIDUAL', '500100732259'),
  surname: ' Иванов ',
  name: 'Иван',
  nameOrg: 'ООО «Прежнее»',
  kpp: '773601001',
  bankAccount: { ...emptyLegalInfo('INDIVIDUAL').bankAccount, bik: ' 044525225 ' },
};

describe('toSavedInfo', () => {
  it('trims every text and empties the fields only the other type shows', () => {
    const saved = toSavedInfo(soleTrader);
    expect(saved.surname).toBe('Иванов');
    expect(saved.bankAccount.bik).toBe('044525225');
    expect(saved.nameOrg).toBe('');
    expect(saved.kpp).toBe('');
    expect(saved.inn).toBe('500100732259');
  });

  it('makes a change of type alone a change worth saving', () => {
    expect(sameInfo(soleTrader, { ...soleTrader, surname: 'Иванов' })).toBe(true);
    expect(sameInfo(soleTrader, { ...soleTrader, type: 'LEGAL' })).toBe(false);
    expect(sameInfo(null, soleTrader)).toBe(false);
  });
});

describe('visibleErrors', () => {
  const none = { checkInn: false, checkAll: false, server: {} };

  it('shows nothing before the first try, then the S2 §5 messages', () => {
    expect(visibleErrors(soleTrader, none)).toEqual({});
    const errors = visibleErrors(soleTrader, { ...none, checkAll: true });
    expect(errors.lastname).toBe(legalMessages.required);
    expect(errors.certificateDate).toBe(legalMessages.pickDate);
    expect(errors['bankAccount.account']).toBe(legalMessages.required);
  });

  it('puts the INN’s format message before its control-digit one', () => {
    const short = { ...soleTrader, inn: '50010073' };
    expect(visibleErrors(short, { ...none, checkInn: true })).toEqual({ inn: legalMessages.innFormat });
    expect(visibleErrors(short, { ...none, checkAll: true }).inn).toBe(legalMessages.innFormat);
    expect(visibleErrors({ ...soleTrader, inn: '' }, { ...none, checkInn: true }).inn).toBe(
      legalMessages.required,
    );
  });

  it('keeps the server’s messages unless the form finds its own', () => {
    const server = { 'bankAccount.bik': 'Банк не найден', okpo: 'Занят' };
    const errors = visibleErrors(soleTrader, { checkInn: false, checkAll: true, server });
    expect(errors['bankAccount.bik']).toBe('Банк не найден');
    expect(errors.okpo).toBe(legalMessages.required);
  });
});

describe('server errors and changes', () => {
  it('reads the server’s paths with or without the body’s legal_info prefix', () => {
    expect(
      serverFieldErrors({
        'legal_info.bankAccount.account': 'Счёт закрыт',
        kpp: 'Неверный КПП',
        carwash_id: 'Нет такой мойки',
      }),
    ).toEqual({ 'bankAccount.account': 'Счёт закрыт', kpp: 'Неверный КПП' });
  });

  it('names the nested bank fields a change touched', () => {
    expect(changedPaths({ kpp: '1', bankAccount: { bik: '0' } as LegalInfo['bankAccount'] })).toEqual([
      'kpp',
      'bankAccount.bik',
    ]);
  });

  it('fills a partial answer up to the whole shape', () => {
    const info = completeInfo({ type: 'LEGAL', inn: '7707083893' } as LegalInfo);
    expect(info.bankAccount.corrAccount).toBe('');
    expect(info.ogrnip).toBe('');
  });
});

it('marks the type’s required fields and the whole bank block', () => {
  expect(isRequiredField('LEGAL', 'kpp')).toBe(true);
  expect(isRequiredField('LEGAL', 'nameOrg')).toBe(false);
  expect(isRequiredField('INDIVIDUAL', 'kpp')).toBe(false);
  expect(isRequiredField('INDIVIDUAL', 'bankAccount.addressBank')).toBe(true);
});

it('dates the last save on the station’s clock', () => {
  expect(updatedLabel('2026-11-20T21:30:00Z', 'Europe/Moscow')).toBe('Обновлено 21.11.2026');
  expect(updatedLabel('2026-11-20T21:30:00Z', 'Europe/London')).toBe('Обновлено 20.11.2026');
});
