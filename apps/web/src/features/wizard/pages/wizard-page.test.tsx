import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { setSessionUser } from '../../../lib/session';
import { mockApi, renderPage, testStation, testUser } from '../../stations/testing/render';
import { saveStep, savedStep } from '../lib/wizard-storage';
import { WizardPage, wizardSteps } from './wizard-page';

const station = testStation({ id: 's1', name: 'Новая мойка', awaiting_setup: true });

describe('WizardPage', () => {
  beforeEach(() => {
    setSessionUser('u1');
    localStorage.setItem('crm.wizard.tour.tariffs', '1');
    localStorage.setItem('crm.wizard.tour.services', '1');
    vi.stubGlobal(
      'fetch',
      mockApi({
        'GET /api/user/u1': () => ({ user: testUser({ role: 'wizard' }), redirect_to: 'wizard' }),
        'POST /api/station/list': () => ({ stations: [station] }),
        'GET /api/own_tariffs/list/s1': () => ({ prices_list: [] }),
        'GET /api/own_tariffs/price_get/s1/addition_service': () => ({
          price: {},
          active: {},
          ru_services_names: {},
        }),
      }).fetchMock,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('has the seven steps of S2 §2 and keeps the step on the device as the owner moves on', async () => {
    expect(wizardSteps).toEqual([
      'Начало',
      'Тарифы',
      'Услуги',
      'Настройка станции',
      'Профиль',
      'Телеграм',
      'Завершение',
    ]);
    renderPage(<WizardPage />, '/wizard');
    expect(await screen.findByText('Шаг 1 из 7')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Начать настройку' }));
    expect(await screen.findByText('Шаг 2 из 7')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Тариф «Экспресс»' })).toBeInTheDocument();
    expect(savedStep('u1', 's1', 6)).toBe(1);
  });

  it('resumes at the step the owner left', async () => {
    saveStep('u1', 's1', 2);
    renderPage(<WizardPage />, '/wizard');
    expect(await screen.findByText('Шаг 3 из 7')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Дополнительные услуги' })).toBeInTheDocument();
  });
});
