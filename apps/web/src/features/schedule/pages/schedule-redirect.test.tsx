import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { rememberStation } from '../../../lib/selected-station';
import { setSessionUser } from '../../../lib/session';
import { mockFetch, renderRoutes } from '../../../test/render';
import { makeStation } from '../testing/fixtures';
import { NewOrderRedirect, ScheduleRedirect, StationScheduleAlias } from './schedule-redirect';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const routes = [
  { path: '/schedule', element: <ScheduleRedirect /> },
  { path: '/new-order', element: <NewOrderRedirect /> },
  { path: '/station/:stationId/schedule', element: <StationScheduleAlias /> },
  { path: '*', element: <Where /> },
];

function stations(ids: string[]) {
  mockFetch((url) =>
    url === '/api/station/list'
      ? { status: 200, body: { stations: ids.map((id) => makeStation({ id })) } }
      : { status: 204 },
  );
}

beforeEach(() => {
  localStorage.clear();
  setSessionUser('u1');
});
afterEach(cleanup);

describe('calendar redirects', () => {
  it('/schedule opens the selected station’s calendar', async () => {
    stations(['s1', 's2']);
    rememberStation('s2');
    renderRoutes(routes, '/schedule?date=2026-05-13');
    expect(await screen.findByTestId('where')).toHaveTextContent('/station/s2?date=2026-05-13');
  });

  it('/new-order opens the calendar with the new-order modal', async () => {
    stations(['s1']);
    rememberStation('s1');
    renderRoutes(routes, '/new-order');
    expect(await screen.findByTestId('where')).toHaveTextContent('/station/s1?newOrder=1');
  });

  it('goes to the station picker when no station is selected, or the remembered one is gone', async () => {
    stations(['s1']);
    rememberStation('gone');
    renderRoutes(routes, '/new-order');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('/station/{id}/schedule is the station index', async () => {
    renderRoutes(routes, '/station/s1/schedule?view=day');
    expect(await screen.findByTestId('where')).toHaveTextContent('/station/s1?view=day');
  });
});
