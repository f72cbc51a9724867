import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { testStation } from '../testing/render';
import { renderSettings, setViewport } from '../testing/settings-harness';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SettingsPricingPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setSessionUser('u1');
    setViewport(800);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setViewport();
  });

  it('says what is wrong with each limit as it is typed, in the spec’s words', async () => {
    renderSettings('/station/s1/settings/pricing');
    await screen.findByLabelText('Минимальная стоимость');

    type('Максимальная стоимость', '0');
    expect(
      await screen.findByText('Максимальная стоимость должна быть больше минимальной'),
    ).toBeInTheDocument();
    type('Максимальная стоимость', '30');
    expect(
      await screen.findByText('Шаг не может быть больше разницы между максимальной и минимальной стоимостью'),
    ).toBeInTheDocument();
    type('Шаг', '0');
    expect(await screen.findByText('Шаг должен быть больше 0')).toBeInTheDocument();
    type('Минимальная стоимость', '-5');
    expect(await screen.findByText('Стоимость не может быть отрицательной')).toBeInTheDocument();
    type('Минимальная стоимость', '');
    expect(await screen.findByText('Укажите минимальную стоимость')).toBeInTheDocument();
    type('Шаг', '');
    expect(await screen.findByText('Укажите шаг')).toBeInTheDocument();
  });

  it('saves the three limits together', async () => {
    const { calls } = renderSettings('/station/s1/settings/pricing', {
      api: {
        'POST /api/station/update/s1': (body) => ({ station: testStation(body as object) }),
      },
    });
    await screen.findByLabelText('Минимальная стоимость');
    type('Минимальная стоимость', '500');
    type('Максимальная стоимость', '5000');
    type('Шаг', '100');
    const save = screen.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    expect(await screen.findByText('Настройки успешно обновлены')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/station/update/s1')?.body).toEqual({
      limitMinCost: 500,
      limitMaxCost: 5000,
      stepCost: 100,
    });
  });

  it('does not send limits that break a rule', async () => {
    const { calls } = renderSettings('/station/s1/settings/pricing');
    await screen.findByLabelText('Минимальная стоимость');
    type('Минимальная стоимость', '60000');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(
      await screen.findByText('Максимальная стоимость должна быть больше минимальной'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/station/update/s1')).toBe(false);
  });
});
