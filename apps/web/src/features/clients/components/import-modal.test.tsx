import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DriverImportRequest } from '@crm/shared';
import { renderRoutes } from '../../../test/render';
import { runClientsJob, type ClientsJob, type ClientsReply } from '../lib/clients-protocol';
import { serveClients } from '../testing/harness';
import { ImportModal } from './import-modal';

vi.setConfig({ testTimeout: 30_000 });

/** The clients worker, in process: the real job behind the worker's message interface. */
class FakeWorker {
  onmessage: ((event: MessageEvent<ClientsReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(job: ClientsJob) {
    void runClientsJob(job, (reply) => this.onmessage?.({ data: reply } as MessageEvent<ClientsReply>));
  }
  terminate() {}
}

beforeEach(() => vi.stubGlobal('Worker', FakeWorker));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const csv =
  'Имя;Фамилия;Телефон;Скидка, %;Марка;Модель;Госномер\n' +
  'Пётр;Первый;+7 977 555-01-01;5;Kia;Rio;\n' +
  'Мария;Вторая;12345;;;;\n' +
  'Ольга;Третья;89775550102;;;;\n';

describe('client import', () => {
  it('reads a CSV, previews the skipped row with the server’s reason, and imports the rest in one call', async () => {
    const bodies: DriverImportRequest[] = [];
    serveClients({
      'POST /api/drivers/import/n1': (body) => {
        const request = body as DriverImportRequest;
        bodies.push(request);
        return {
          results: [
            { row: 1, status: 'create', reason: null },
            { row: 2, status: 'skip', reason: 'Введите корректный номер телефона' },
            { row: 3, status: 'create', reason: null },
          ],
          created: request.dry_run ? 0 : 2,
          to_create: 2,
          skipped: 1,
          dry_run: !!request.dry_run,
        };
      },
    });
    const onClose = vi.fn();
    renderRoutes(
      [
        {
          path: '/clients',
          element: <ImportModal networkId="n1" onClose={onClose} />,
        },
      ],
      '/clients',
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([csv], 'clients.csv', { type: 'text/csv' })] } });

    expect(await screen.findByText('Будут добавлены: 2')).toBeInTheDocument();
    const skipped = within(screen.getByRole('table'));
    expect(skipped.getByText('Мария Вторая')).toBeInTheDocument();
    expect(skipped.getByText('Введите корректный номер телефона')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      dry_run: true,
      rows: [
        {
          name: 'Пётр',
          surname: 'Первый',
          phone: '+7 977 555-01-01',
          discount: '5',
          car_brand: 'Kia',
          car_model: 'Rio',
          plate_number: null,
        },
        {
          name: 'Мария',
          surname: 'Вторая',
          phone: '12345',
          discount: null,
          car_brand: null,
          car_model: null,
          plate_number: null,
        },
        {
          name: 'Ольга',
          surname: 'Третья',
          phone: '89775550102',
          discount: null,
          car_brand: null,
          car_model: null,
          plate_number: null,
        },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Импортировать (2)' }));
    expect(await screen.findByText('Импортировано клиентов: 2')).toBeInTheDocument();
    expect(bodies[1]).toEqual({ ...bodies[0], dry_run: false });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says a file without rows has none', async () => {
    serveClients({});
    renderRoutes(
      [
        {
          path: '/clients',
          element: <ImportModal networkId="n1" onClose={() => {}} />,
        },
      ],
      '/clients',
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Имя;Телефон\n'], 'empty.csv')] } });
    expect(await screen.findByText('В файле нет строк')).toBeInTheDocument();
  });
});
