import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ExportOrder } from '@crm/shared';
import { ThemeProvider } from '../../../app/theme';
import { makeOrder, serveHistory, showHistory } from '../testing/harness';
import { useHistoryExport } from '../lib/use-history-export';

vi.mock('../../orders', () => ({ OrderModals: () => null, orderParams: { orderId: 'orderId' } }));

// The worker and the download are the browser's (the e2e opens the real file); here: what they are given.
const build = vi.hoisted(() => ({
  buildExportFile:
    vi.fn<
      (orders: ExportOrder[], zone: string, onProgress: (share: number) => void) => Promise<ArrayBuffer>
    >(),
  downloadFile: vi.fn<(file: ArrayBuffer, name: string) => void>(),
}));
vi.mock('../lib/build-export', () => build);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 1 June 03:00 at the Novosibirsk station.
  vi.setSystemTime(new Date('2026-05-31T20:00:00.000Z'));
  build.buildExportFile.mockReset();
  build.downloadFile.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const kia = makeOrder({ id: 'kia', phones: [{ redirection_phone: '+79990000000' }] });
const lada = makeOrder({ id: 'lada', status: 'Canceled', sum: 900 });
const exportButton = () => screen.getByRole('button', { name: 'Экспорт' });

describe('history export (S1 §9, texts of S1 §8)', () => {
  it('exports every order matching the filters, not only the page, and saves it under the range’s name', async () => {
    const file = new ArrayBuffer(8);
    build.buildExportFile.mockResolvedValue(file);
    const { lists, user } = serveHistory((body) => ({
      orders: body.page ? [kia] : [kia, lada],
      total: 2,
    }));
    showHistory('/station/s1/history?q=Kia&status=Completed,cancelled&size=12', user);
    await screen.findByText('Kia Rio');

    fireEvent.click(exportButton());
    expect(await screen.findByText('Загрузка данных и подготовка файла для экспорта...')).toBeInTheDocument();
    expect(await screen.findByText('Файл успешно экспортирован')).toBeInTheDocument();

    expect(lists.at(-1)).toEqual({
      station_id: 's1',
      date_start: '2026-06-01',
      date_end: '2026-07-01',
      history: true,
      search: 'Kia',
      statuses: ['Completed', 'Canceled', 'StationCanceled', 'UserCanceled'],
    });
    const [orders, zone] = build.buildExportFile.mock.calls[0]!;
    expect(zone).toBe('Asia/Novosibirsk');
    // Only what the file needs crosses to the worker.
    expect(orders).toEqual([
      {
        booking_start: kia.booking_start,
        status: 'Completed',
        sum: 1500,
        client_car: { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС54' },
      },
      {
        booking_start: lada.booking_start,
        status: 'Canceled',
        sum: 900,
        client_car: { brand: 'Kia', model: 'Rio', plate_number: 'А123ВС54' },
      },
    ]);
    expect(build.downloadFile).toHaveBeenCalledWith(file, 'История заказов 01.06.2026–30.06.2026.xlsx');
    await waitFor(() => expect(exportButton()).not.toHaveAttribute('aria-busy', 'true'));
  });

  it('shows how far the file has got, and keeps the button’s name «Экспорт» meanwhile', async () => {
    let finish: (file: ArrayBuffer) => void = () => {};
    build.buildExportFile.mockImplementation((_orders, _zone, onProgress) => {
      onProgress(0.4);
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
    expect(build.buildExportFile).toHaveBeenCalledTimes(1);
    expect(build.downloadFile).toHaveBeenCalledTimes(1);
  });

  it('says there is nothing to export when the range has no orders', async () => {
    const { user } = serveHistory({ orders: [] });
    showHistory('/station/s1/history', user);
    await screen.findByText('Заказов не найдено');
    fireEvent.click(exportButton());
    expect(await screen.findByText('Нет данных для экспорта в выбранном диапазоне')).toBeInTheDocument();
    expect(build.buildExportFile).not.toHaveBeenCalled();
    expect(build.downloadFile).not.toHaveBeenCalled();
  });

  it('reports a failed export when the orders cannot be loaded', async () => {
    const { user } = serveHistory((body) => (body.page ? { orders: [kia] } : { status: 500 }));
    showHistory('/station/s1/history', user);
    await screen.findByText('Kia Rio');
    fireEvent.click(exportButton());
    expect(await screen.findByText('Произошла ошибка при экспорте данных')).toBeInTheDocument();
    expect(build.buildExportFile).not.toHaveBeenCalled();
    await waitFor(() => expect(exportButton()).not.toHaveAttribute('aria-busy', 'true'));
  });

  it('reports a failed export when the file cannot be written, and saves nothing', async () => {
    build.buildExportFile.mockRejectedValue(new Error('out of memory'));
    const { user } = serveHistory({ orders: [kia] });
    showHistory('/station/s1/history', user);
    await screen.findByText('Kia Rio');
    fireEvent.click(exportButton());
    expect(await screen.findByText('Произошла ошибка при экспорте данных')).toBeInTheDocument();
    expect(build.buildExportFile).toHaveBeenCalledTimes(1);
    expect(build.downloadFile).not.toHaveBeenCalled();
    expect(screen.queryByText('Файл успешно экспортирован')).toBeNull();
  });

  it('asks for a station, then for a range, before exporting anything', async () => {
    const wrapper = ({ children }: { children: ReactNode }) => <ThemeProvider>{children}</ThemeProvider>;
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
