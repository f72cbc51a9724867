import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { apiError, mockApi, renderPage } from '../../stations/testing/render';
import { ServicesStep } from './services-step';

const getKey = 'GET /api/own_tariffs/price_get/s1/addition_service';
const saveKey = 'POST /api/own_tariffs/price_update/update_extra/s1';
const empty = { price: {}, active: {}, ru_services_names: {} };

describe('ServicesStep', () => {
  beforeEach(() => localStorage.setItem('crm.wizard.tour.services', '1'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('blocks while an active service has an empty price in a category and marks it; then saves and moves on', async () => {
    const api = mockApi({ [getKey]: () => empty, [saveKey]: () => empty });
    vi.stubGlobal('fetch', api.fetchMock);
    const onDone = vi.fn();
    renderPage(<ServicesStep stationId="s1" onBack={() => {}} onDone={onDone} />);

    const cell = (await screen.findByLabelText('Мойка колёсных дисков, 6 категория')) as HTMLInputElement;
    expect(cell).toHaveValue('400');
    fireEvent.change(cell, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить и продолжить' }));
    expect(
      await screen.findByText('Для услуги "Мойка колёсных дисков" необходимо указать цены больше нуля'),
    ).toBeInTheDocument();
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.key === saveKey)).toBe(false);

    fireEvent.change(cell, { target: { value: '450' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить и продолжить' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const body = api.calls.find((c) => c.key === saveKey)!.body as {
      active: Record<string, boolean>;
      price: Record<string, Record<string, { price: number; active: boolean }>>;
    };
    expect(body.active.wheels).toBe(true);
    expect(body.price.MicroBus!.wheels).toEqual({ price: 450, active: true });
  });

  it('a service the station does not offer in a category is a gap in the wizard; a failed save says so', async () => {
    const saved = {
      active: { engine: true },
      price: {
        Mini: { engine: { price: 600, active: true } },
        Compact: { engine: { price: 700, active: true } },
        MiddleSize: { engine: { price: 800, active: true } },
        Crossover: { engine: { price: 900, active: true } },
        OffRoad: { engine: { price: 1000, active: true } },
        MicroBus: { engine: { price: 0, active: false } },
      },
      ru_services_names: { engine: 'Мойка двигателя' },
    };
    const api = mockApi({ [getKey]: () => saved, [saveKey]: () => apiError(500, 'Ошибка сервера') });
    vi.stubGlobal('fetch', api.fetchMock);
    const onDone = vi.fn();
    renderPage(<ServicesStep stationId="s1" onBack={() => {}} onDone={onDone} />);

    const cell = await screen.findByLabelText('Мойка двигателя, 6 категория');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить и продолжить' }));
    expect(
      await screen.findByText('Для услуги "Мойка двигателя" необходимо указать цены больше нуля'),
    ).toBeInTheDocument();
    expect(cell).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(cell, { target: { value: '1200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить и продолжить' }));
    expect(await screen.findByText('Произошла ошибка при сохранении услуг')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
