import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ExportOrder } from '@crm/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '../../../lib/theme';
import { createQueryClient } from '../../../lib/query-client';
import { setBearerToken } from '../../../lib/session';
import { makeOrder, serveHistory, showHistory } from '../testing/harness';
import { runExportJob } from '../lib/export-job';
import type { ExportRequest } from '../lib/export-protocol';
import { useHistoryExport } from '../lib/use-history-export';

vi.mock('../../orders', () => ({ OrderModals: () => null, orderParams: { orderId: 'orderId' } }));

// exceljs and the download are the browser's (the e2e opens the real file; history-workbook.test reads
// the workbook back); here: what they are given.
const build = vi.hoisted(() => ({
  buildHistoryWorkbook:
    vi.fn<
      (
        orders: readonly ExportOrder[],
        zone: string,
        tariffNames: Readonly<Record<string, string>>,
        onProgress?: (done: number, total: number) => void,
      ) => Promise<ArrayBuffer>
    >(),
  downloadFile: vi.fn<(file: ArrayBuffer, name: string) => void>(),
}));
vi.mock('../lib/history-workbook', () => ({ buildHistoryWorkbook: build.buildHistoryWorkbook }));
vi.mock('../../../lib/excel', async (actual) => ({
  ...(await actual<object>()),
  downloadFile: build.downloadFile,
}));

/**
 * The export worker, in process: the real job (its fetch goes to `serveHistory`) behind the worker's
 * message interface. A terminated worker answers nothing more, as in the browser.
 */
const workers: FakeWorker[] = [];
class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  requests: ExportRequest[] = [];
  constructor() {
    workers.push(this);
  }
  postMessage(request: ExportRequest) {
    this.requests.push(request);
    void runExportJob(structuredClone(request), (reply) => {
      if (!this.terminated) this.onmessage?.({ data: reply } as MessageEvent);
    });
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 1 June 03:00 at the Novosibirsk station.
  vi.setSystemTime(new Date('2026-05-31T20:00:00.000Z'));
  build.buildHistoryWorkbook.mockReset();
  build.downloadFile.mockReset();
  workers.length = 0;
  vi.stubGlobal('Worker', FakeWorker);
  performance.clearMarks();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setBearerToken(null);
});

const kia = makeOrder({ id: 'kia', phones: [{ redirection_phone: '+79990000000' }] });
const lada = makeOrder({ id: 'lada', status: 'Canceled', sum: 900 });
const exportButton = () => screen.getByRole('button', { name: 'Экспорт' });

describe('history export (S1 §9, texts of S1 §8)', () => {
  it('exports every order matching the filters, not only the page, and saves it under the range’s name', async () => {
    // DESIGN §10: the month up to today (1 June at the station) is what is listed and what is exported.
    const file = new ArrayBuffer(8);
    build.buildHistoryWorkbook.mockResolvedValue(file);
    setBearerToken('tg-token');
    const { lists, listHeaders, user } = serveHistory((body) => ({
      orders: body.page ? [kia] : [kia, lada],
      total: 2,
    }));
    showHistory('/station/s1/history?q=Kia&status=Completed,cancelled&size=12', user);
    await screen.findByText('Kia Rio');

    fireEvent.click(exportButton());
    expect(await screen.findByText('Загрузка данных и подготовка файла для экспорта...')).toBeInTheDocument();
    expect(await screen.findByText('Файл успешно экспортирован')).toBeInTheDocument();

    // The worker made the call, with what the API client would have sent.
    expect(workers).toHaveLength(1);
    expect(lists.at(-1)).toEqual({
      station_id: 's1',
      date_start: '2026-06-01',
      date_end: '2026-06-02',
      history: true,
      search: 'Kia',
      statuses: ['Completed', 'Canceled', 'StationCanceled', 'UserCanceled'],
    });
    expect(listHeaders.at(-1)).toMatchObject({
      'x-user-id': 'u1',
      authorization: 'Bearer tg-token',
      'content-type': 'application/json',
    });
    const [orders, zone, tariffNames] = build.buildHistoryWorkbook.mock.calls[0]!;
    expect(zone).toBe('Asia/Novosibirsk');
    // «Подробно» names the station's own and partner tariffs.
    expect(tariffNames).toEqual({ 't-own': 'Комплекс', 't-ya': 'Яндекс Стандарт' });
    // Only what the file needs is kept for the workbook (export-protocol's own test lists the fields).
    expect(orders.map((o) => [o.number, o.booking_start, o.status, o.sum, o.phones])).toEqual([
      [kia.number, kia.booking_start, 'Completed', 1500, [{ redirection_phone: '+79990000000' }]],
      [lada.number, lada.booking_start, 'Canceled', 900, []],
    ]);
    expect(orders[0]).not.toHaveProperty('comment');
    expect(build.downloadFile).toHaveBeenCalledWith(file, 'История заказов 01.06.2026.xlsx');
    await waitFor(() => expect(exportButton()).not.toHaveAttribute('aria-busy', 'true'));
    expect(workers[0]!.terminated).toBe(true);
    // bench:export reads the phases from these marks.
    for (const mark of ['history-export-start', 'history-export-loaded', 'history-export-built'])
      expect(performance.getEntriesByName(mark, 'mark')).toHaveLength(1);
  });

  it('says so in a toast away from «Экспорт», not in a notification over it', async () => {
    build.buildHistoryWorkbook.mockResolvedValue(new ArrayBuffer(1));
    const { user } = serveHistory({ orders: [kia] });
    showHistory('/station/s1/history', user);
    await screen.findByText('Kia Rio');
    fireEvent.click(exportButton());
    const done = await screen.findByText('Файл успешно экспортирован');
    // Notifications open in the top-right corner, where the button is, and stay while it is hovered.
    expect(done.closest('.ant-message')).not.toBeNull();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    // The loading toast became the outcome: one toast, not two.
    expect(screen.queryByText('Загрузка данных и подготовка файла для экспорта...')).toBeNull();
  });

  it('shows how far the file has got, and keeps the button’s name «Экспорт» meanwhile', async () => {
    let finish: (file: ArrayBuffer) => void = () => {};
    build.buildHistoryWorkbook.mockImplementation((_orders, _zone, _names, onProgress) => {
      onProgress?.(2, 5);
      return new Promise((resolve) => (finish = resolve));
    });
    const { user } = serveHistory({ orders: [kia] });
    showHistory('/station/s1/history', user);
    await screen.findByText('Kia Rio');

    fireEvent.click(exportButton());
    await waitFor(() => expect(exportButton()).toHaveTextContent('40%'));
    expect(exportButton()).toHaveAttribute('aria-busy', 'true');
    // A second press while working starts nothing.
    fireEvent.click(exportButton());
    act(() => finish(new ArrayBuffer(1)));
    expect(await screen.findByText('Файл успешно экспортирован')).toBeInTheDocument();
    expect(workers).toHaveLength(1);
    expect(build.buildHistoryWorkbook).toHaveBeenCalledTimes(1);
    expect(build.downloadFile).toHaveBeenCalledTimes(1);
  });

  it('says there is nothing to export when the range has no orders', async () => {
    const { user } = serveHistory({ orders: [] });
    showHistory('/station/s1/history', user);
    await screen.findByText('Заказов не найдено');
    fireEvent.click(exportButton());
    expect(await screen.findByText('Нет данных для экспорта в выбранном диапазоне')).toBeInTheDocument();
    expect(build.buildHistoryWorkbook).not.toHaveBeenCalled();
    expect(build.downloadFile).not.toHaveBeenCalled();
  });

  it.each([500, 401, 403, 404])(
    'reports a failed export when the list call answers %i, and saves nothing',
    async (status) => {
      const { user } = serveHistory((body) => (body.page ? { orders: [kia] } : { status }));
      showHistory('/station/s1/history', user);
      await screen.findByText('Kia Rio');
      fireEvent.click(exportButton());
      expect(await screen.findByText('Произошла ошибка при экспорте данных')).toBeInTheDocument();
      expect(build.buildHistoryWorkbook).not.toHaveBeenCalled();
      expect(build.downloadFile).not.toHaveBeenCalled();
      expect(screen.queryByText('Файл успешно экспортирован')).toBeNull();
      expect(screen.queryByText('Нет данных для экспорта в выбранном диапазоне')).toBeNull();
      await waitFor(() => expect(exportButton()).not.toHaveAttribute('aria-busy', 'true'));
    },
  );

  it('reports a failed export when the station’s tariffs cannot be loaded, and makes no list call', async () => {
    const { user, lists } = serveHistory({ orders: [kia] });
    showHistory('/station/s1/history', user);
    await screen.findByText('Kia Rio');
    const served = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/own_tariffs/list/')
        ? Promise.resolve(new Response('{}', { status: 500 }))
        : served(input, init)) as typeof fetch;
    const listed = lists.length;
    fireEvent.click(exportButton());
    expect(await screen.findByText('Произошла ошибка при экспорте данных')).toBeInTheDocument();
    expect(lists).toHaveLength(listed);
    expect(build.downloadFile).not.toHaveBeenCalled();
  });

  it('reports a failed export when the network fails', async () => {
    const { user } = serveHistory({ orders: [kia] });
    showHistory('/station/s1/history', user);
    await screen.findByText('Kia Rio');
    const served = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/order/list'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : served(input, init)) as typeof fetch;
    fireEvent.click(exportButton());
    expect(await screen.findByText('Произошла ошибка при экспорте данных')).toBeInTheDocument();
    expect(build.downloadFile).not.toHaveBeenCalled();
  });

  it('reports a failed export when the file cannot be written, and saves nothing', async () => {
    build.buildHistoryWorkbook.mockRejectedValue(new Error('out of memory'));
    const { user } = serveHistory({ orders: [kia] });
    showHistory('/station/s1/history', user);
    await screen.findByText('Kia Rio');
    fireEvent.click(exportButton());
    expect(await screen.findByText('Произошла ошибка при экспорте данных')).toBeInTheDocument();
    expect(build.buildHistoryWorkbook).toHaveBeenCalledTimes(1);
    expect(build.downloadFile).not.toHaveBeenCalled();
    expect(screen.queryByText('Файл успешно экспортирован')).toBeNull();
  });

  it('stops the worker when the page is left mid-export, and saves nothing', async () => {
    let finish: (file: ArrayBuffer) => void = () => {};
    build.buildHistoryWorkbook.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const { user } = serveHistory({ orders: [kia] });
    showHistory('/station/s1/history', user);
    await screen.findByText('Kia Rio');
    fireEvent.click(exportButton());
    await waitFor(() => expect(build.buildHistoryWorkbook).toHaveBeenCalled());
    cleanup();
    expect(workers[0]!.terminated).toBe(true);
    await act(async () => finish(new ArrayBuffer(1)));
    expect(build.downloadFile).not.toHaveBeenCalled();
  });

  it('asks for a station, then for a range, before exporting anything', async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <ThemeProvider>{children}</ThemeProvider>
      </QueryClientProvider>
    );
    const { result, rerender } = renderHook(
      ({ stationId, withRange }: { stationId?: string; withRange: boolean }) =>
        useHistoryExport(
          {
            stationId,
            range: withRange ? { start: '2026-06-01', end: '2026-06-30' } : undefined,
            search: '',
            statuses: [],
          },
          'Asia/Novosibirsk',
        ),
      { wrapper, initialProps: { stationId: undefined as string | undefined, withRange: true } },
    );
    const { lists } = serveHistory({ orders: [kia] });
    await act(() => result.current.start());
    expect(await screen.findByText('Необходимо выбрать станцию')).toBeInTheDocument();
    rerender({ stationId: 's1', withRange: false });
    await act(() => result.current.start());
    expect(await screen.findByText('Выберите диапазон дат для экспорта')).toBeInTheDocument();
    expect(lists).toHaveLength(0);
  });
});
