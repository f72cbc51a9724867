import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serveTariffs, showTariffs, station } from '../testing/harness';

afterEach(cleanup);

const path = `/station/${station.id}/tariffs?tab=fixed`;
const strategy = { booking: false, payment: false, robot: true };
const rows = () => [
  { id: 'f1', description: 'Робот: кузов', cost: 400, status: true },
  { id: 'f2', description: 'Робот: кузов и диски', cost: 600, status: false },
];

describe('FixedTariffsTab', { timeout: 60_000 }, () => {
  it('saves a status switch at once outside edit mode', async () => {
    const calls = serveTariffs({ strategy, fixed: rows() });
    showTariffs(path);
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Статус тарифа «Робот: кузов и диски»' }),
    );

    expect(await screen.findByText('Статус тарифа успешно обновлен')).toBeInTheDocument();
    expect(calls.requests).toEqual([
      {
        method: 'POST',
        path: `/api/station/fixed-tariffs/${station.id}`,
        body: { fixed_tariffs: [rows()[0], { ...rows()[1], status: true }] },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Статус тарифа «Робот: кузов и диски»' })).toBeChecked(),
    );
  });

  it('shows a programme’s price history, as the other tariffs have (issue 38)', async () => {
    const change = {
      id: 'c1',
      changed_at: '2026-11-12T11:05:00.000Z',
      changed_by: 'Иван Петров',
      tariff_id: 'f1',
      service: null,
      car_class: null,
      field: 'price' as const,
      old_value: 350,
      new_value: 400,
    };
    const calls = serveTariffs({ strategy, fixed: rows(), history: { f1: [change] } });
    showTariffs(path);
    await userEvent.click(await screen.findByRole('button', { name: 'История цены: Робот: кузов' }));
    const dialog = await screen.findByRole('dialog', { name: 'История цены: Робот: кузов' });
    const line = await within(dialog).findByRole('listitem');
    expect(line.textContent?.replace(/\s/g, ' ')).toContain('Иван Петров · Цена: 350 → 400 ₽');
    expect(calls).toContain(`/api/tariff_history/${station.id}/f1`);
  });

  it('says when a switch fails to save', async () => {
    serveTariffs({ strategy, fixed: rows(), writeErrors: { '/station/fixed-tariffs': { status: 500 } } });
    showTariffs(path);
    await userEvent.click(await screen.findByRole('switch', { name: 'Статус тарифа «Робот: кузов»' }));
    expect(
      await screen.findByText('Произошла ошибка при обновлении фиксированного тарифа'),
    ).toBeInTheDocument();
  });

  it('edits as a draft: switches do not save, a new row gets a temporary id, «Сохранить» sends the list', async () => {
    const calls = serveTariffs({ strategy, fixed: rows() });
    showTariffs(path);
    await userEvent.click(await screen.findByRole('button', { name: /Редактировать/ }));

    const switches = screen.getAllByRole('switch');
    await userEvent.click(switches[0]!);
    expect(calls.requests).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Удалить «Робот: кузов и диски»' }));
    await userEvent.click(screen.getByRole('button', { name: /Добавить тариф/ }));

    const descriptions = screen.getAllByRole('textbox', { name: 'Описание' });
    expect(descriptions).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    // An empty description is refused with the S2 §5 message; nothing is sent.
    expect(await screen.findByText('Описание обязательно')).toBeInTheDocument();
    expect(calls.requests).toHaveLength(0);

    await userEvent.type(descriptions[1]!, 'Ок');
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect(await screen.findByText('Минимум 3 символа')).toBeInTheDocument();
    await userEvent.type(descriptions[1]!, ' + воск');
    const costs = screen.getAllByRole('spinbutton', { name: 'Стоимость, ₽' });
    await userEvent.clear(costs[1]!);
    await userEvent.type(costs[1]!, '700');
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));

    expect(await screen.findByText('Фиксированные тарифы сохранены')).toBeInTheDocument();
    expect(calls.requests).toEqual([
      {
        method: 'POST',
        path: `/api/station/fixed-tariffs/${station.id}`,
        body: {
          fixed_tariffs: [
            { ...rows()[0], status: false },
            { id: 'new-1', description: 'Ок + воск', cost: 700, status: true },
          ],
        },
      },
    ]);
    // Back to the list, with the saved rows.
    expect(await screen.findByText('Ок + воск')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('throws the draft away on «Отмена» and reports a failed save', async () => {
    const api: Parameters<typeof serveTariffs>[0] = { strategy, fixed: rows() };
    const calls = serveTariffs(api);
    showTariffs(path);
    await userEvent.click(await screen.findByRole('button', { name: /Редактировать/ }));
    await userEvent.clear(screen.getAllByRole('textbox', { name: 'Описание' })[0]!);
    await userEvent.click(screen.getByRole('button', { name: /Отмена/ }));
    expect(await screen.findByText('Робот: кузов')).toBeInTheDocument();
    expect(calls.requests).toHaveLength(0);

    api.writeErrors = { '/station/fixed-tariffs': { status: 500 } };
    await userEvent.click(screen.getByRole('button', { name: /Редактировать/ }));
    await userEvent.click(screen.getByRole('button', { name: /Сохранить/ }));
    expect(
      await screen.findByText('Произошла ошибка при обновлении фиксированных тарифов'),
    ).toBeInTheDocument();
  });

  it('shows the empty state, read-only for staff', async () => {
    serveTariffs({ strategy, fixed: [] });
    showTariffs(path);
    expect(await screen.findByText('Фиксированных тарифов пока нет')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Добавить тариф/ }));
    expect(screen.getAllByRole('textbox', { name: 'Описание' })).toHaveLength(1);
    cleanup();

    serveTariffs({ strategy, fixed: rows() });
    showTariffs(path, undefined, {}, false);
    const list = await screen.findByRole('list', { name: 'Фиксированные тарифы' });
    expect(within(list).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(list).getByText('Неактивен')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Редактировать/ })).not.toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    const api: Parameters<typeof serveTariffs>[0] = { strategy, fixed: { status: 500 } };
    serveTariffs(api);
    showTariffs(path);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ошибка загрузки тарифов');
    api.fixed = rows();
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Робот: кузов')).toBeInTheDocument();
  });
});
