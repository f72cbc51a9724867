import { describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { ApiError } from './api-client';
import { errorNotice } from './notify';

describe('errorNotice (issue 38: a toast says what happened)', () => {
  it('titles an error with what failed and says why below', () => {
    const error = new ApiError(409, 'CONFLICT', 'Время занято');
    expect(errorNotice(error, 'Не удалось обновить заказ')).toEqual({
      title: 'Не удалось обновить заказ',
      description: 'Время занято',
    });
  });

  it('uses a text error as the title itself, never «Что-то пошло не так(»', () => {
    expect(errorNotice('Не удалось создать заказ')).toEqual({ title: 'Не удалось создать заказ' });
    expect(errorNotice(new TypeError('Failed to fetch'))).toEqual({ title: messages.generic.network });
    expect(JSON.stringify(errorNotice(new Error('boom')))).not.toContain(messages.generic.errorTitle);
  });

  it('does not repeat the title as its text', () => {
    expect(errorNotice('Ошибка при обновлении настроек', 'Ошибка при обновлении настроек')).toEqual({
      title: 'Ошибка при обновлении настроек',
    });
  });
});
