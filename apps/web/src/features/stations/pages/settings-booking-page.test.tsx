import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { testStation } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

describe('SettingsBookingPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setSessionUser('u1');
    setViewport(800);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setViewport();
  });

  it('saves auto-acceptance of bookings with the strategy shown above', async () => {
    const { calls } = renderSettings('/station/s1/settings/booking', {
      api: {
        'POST /api/station/update/s1': (body) => ({ station: testStation(body as object) }),
      },
    });
    expect(await screen.findByText('Стратегия станции')).toBeInTheDocument();
    const autoaccept = screen.getByRole('switch', { name: 'Автоподтверждение записей' });
    expect(autoaccept).not.toBeChecked();
    fireEvent.click(autoaccept);
    const save = screen.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('Настройки успешно обновлены')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/station/update/s1')?.body).toEqual({
      autoaccept_booking: true,
      autoaccept_payment: false,
      slot_duration: 30,
    });
  });

  it('shows the settings without switches to flip for those who cannot change the station', async () => {
    renderSettings('/station/s1/settings/booking', { canManage: false });
    expect(await screen.findByRole('switch', { name: 'Автоподтверждение оплаты' })).toBeDisabled();
    expect(screen.getByText('Только просмотр')).toBeInTheDocument();
  });
});
