import { describe, expect, it } from 'vitest';
import { messages } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { slotErrorMessage } from './slot-call';

describe('slotErrorMessage', () => {
  it('says the server text for 400, 403 and other answers that carry one', () => {
    expect(
      slotErrorMessage(new ApiError(400, 'SLOT_STATE', 'Слот уже находится в запрашиваемом состоянии')),
    ).toBe('Слот уже находится в запрашиваемом состоянии');
    expect(
      slotErrorMessage(new ApiError(403, 'FORBIDDEN', 'У вас недостаточно прав для этого действия')),
    ).toBe('У вас недостаточно прав для этого действия');
    expect(slotErrorMessage(new ApiError(409, 'SLOT_BUSY', 'Этот слот занят заказом'))).toBe(
      'Этот слот занят заказом',
    );
  });

  it('falls back to the spec text when there is no server message', () => {
    expect(slotErrorMessage(new ApiError(0, 'NETWORK', messages.generic.network))).toBe(
      'Ошибка при изменении статуса слота',
    );
    expect(slotErrorMessage(new ApiError(500, 'INTERNAL', messages.generic.unexpected))).toBe(
      'Ошибка при изменении статуса слота',
    );
    expect(slotErrorMessage(new TypeError('boom'))).toBe('Ошибка при изменении статуса слота');
  });
});
