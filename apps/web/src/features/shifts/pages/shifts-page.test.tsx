import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import type { Shift, ShiftsResponse } from '@crm/shared';
import { createQueryClient } from '../../../lib/query-client';
import { setSessionUser } from '../../../lib/session';
import { testStation } from '../../../test/fixtures';
import { renderRoutes, setViewport } from '../../../test/render';
import type { StationContext } from '../../stations/lib/station-context';
import { ShiftsPage } from './shifts-page';

/** Wednesday 25.11.2026, 13:00 in Moscow. */
const NOW = new Date('2026-11-25T10:00:00.000Z');
const station = testStation({ id: 's1' });
const days = [
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
  '2026-11-29',
];
const staff: ShiftsResponse['staff'] = [
  { id: 'o', name: 'Алексей Смирнов', position: 'owner' },
  { id: 'w', name: 'Дмитрий Орлов', position: 'worker' },
];

interface Posted {
  path: string;
  body: Record<string, unknown>;
}

/** A fake plan server over `shifts`; answers copy-week with 409 until `overwrite`. */
function serve(canEdit: boolean, shifts: Shift[]) {
  const posted: Posted[] = [];
  const plan = (): ShiftsResponse => ({
    week_start: days[0]!,
    days,
    today: '2026-11-25',
    time_zone: 'Europe/Moscow',
    staff,
    shifts: [...shifts],
    can_edit: canEdit,
  });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (init?.method === 'POST' && url.pathname !== '/api/error') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push({ path: url.pathname, body });
      if (url.pathname.endsWith('/copy-week')) {
        if (!body.overwrite && shifts.length > 0)
          return json(409, { error: { code: 'CONFLICT', message: 'уже есть' } });
        shifts.splice(0, shifts.length, { user_id: 'w', date: '2026-11-23', from: '08:00', to: '20:00' });
        return json(200, { ...plan(), copied: 1 });
      }
      const shift = body.from ? (body as unknown as Shift) : null;
      const kept = shifts.filter((s) => !(s.user_id === body.user_id && s.date === body.date));
      shifts.splice(0, shifts.length, ...kept, ...(shift ? [shift] : []));
      return json(200, { shift });
    }
    if (url.pathname === '/api/station/s1/shifts') return json(200, plan());
    return json(200, {});
  }) as typeof fetch;
  return posted;
}

function show(canManage: boolean) {
  setSessionUser('u1');
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const context: StationContext = { station, external: false, canManage };
  return renderRoutes(
    [
      {
        path: '/station/:stationId',
        element: <Outlet context={context} />,
        children: [{ path: 'employees/schedule', element: <ShiftsPage /> }],
      },
    ],
    '/station/s1/employees/schedule',
    client,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setViewport(1440);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setViewport();
});

describe('ShiftsPage', { timeout: 60_000 }, () => {
  it('the owner sets a day off to a shift and clears it again', async () => {
    const posted = serve(true, []);
    show(true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Дмитрий Орлов, СР 25.11: Выходной' }));
    const editor = await screen.findByRole('dialog', { name: 'Смена: Дмитрий Орлов' });
    await user.click(within(editor).getByRole('button', { name: 'Сохранить' }));
    await screen.findByRole('button', { name: /^Дмитрий Орлов, СР 25\.11: \d\d:\d\d–\d\d:\d\d$/ });
    expect(posted[0]).toMatchObject({
      path: '/api/station/s1/shifts',
      body: { user_id: 'w', date: '2026-11-25' },
    });

    await user.click(screen.getByRole('button', { name: /^Дмитрий Орлов, СР 25\.11: \d/ }));
    const again = await screen.findByRole('dialog', { name: 'Смена: Дмитрий Орлов' });
    await user.click(within(again).getByRole('button', { name: 'Сделать выходным' }));
    await screen.findByRole('button', { name: 'Дмитрий Орлов, СР 25.11: Выходной' });
    expect(posted[1]!.body).toMatchObject({ from: null, to: null });
  });

  it('copying into a week that has shifts asks first, and replaces only when told to', async () => {
    const posted = serve(true, [{ user_id: 'o', date: '2026-11-24', from: '10:00', to: '22:00' }]);
    show(true);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Алексей Смирнов, ВТ 24.11: 10:00–22:00' });
    await user.click(screen.getByRole('button', { name: /Скопировать прошлую неделю/ }));
    const question = await screen.findByRole('dialog', { name: 'Заменить смены этой недели?' });
    expect(posted).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Заменить' }));
    await screen.findByRole('button', { name: 'Дмитрий Орлов, ПН 23.11: 08:00–20:00' });
    expect(posted).toEqual([
      { path: '/api/station/s1/shifts/copy-week', body: { week: '2026-11-23', overwrite: true } },
    ]);
  });

  it('an administrator reads the plan: no buttons in the cells, no copy, the reason said', async () => {
    serve(false, [{ user_id: 'w', date: '2026-11-25', from: '08:00', to: '20:00' }]);
    show(false);
    expect(await screen.findByLabelText('Дмитрий Орлов, СР 25.11: 08:00–20:00')).toBeInTheDocument();
    expect(screen.getByText(/вам он доступен для просмотра/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Дмитрий Орлов/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Скопировать прошлую неделю/ })).toBeNull();
  });

  it('steps a week on and back to today’s', async () => {
    serve(true, []);
    const { router } = show(true);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '23–29 ноября 2026' });
    await user.click(screen.getByRole('button', { name: 'Следующая неделя' }));
    await waitFor(() => expect(router.state.location.search).toBe('?week=2026-11-30'));
    await user.click(screen.getByRole('button', { name: 'Сегодня' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
