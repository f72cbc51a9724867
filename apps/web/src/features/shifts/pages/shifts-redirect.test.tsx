import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { rememberStation } from '../../../lib/selected-station';
import { setSessionUser } from '../../../lib/session';
import { mockFetch, renderRoutes } from '../../../test/render';
import { makeStation } from '../../schedule/testing/fixtures';
import { ShiftsRedirect } from './shifts-redirect';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const routes = [
  { path: '/employees/schedule', element: <ShiftsRedirect /> },
  { path: '*', element: <Where /> },
];

beforeEach(() => {
  localStorage.clear();
  setSessionUser('u1');
  mockFetch((url) =>
    url === '/api/station/list'
      ? { status: 200, body: { stations: [makeStation({ id: 's1', name: 'Мойка на Ленина' })] } }
      : { status: 204 },
  );
});
afterEach(cleanup);

describe('/employees/schedule', () => {
  it('opens the selected station’s shift plan, keeping the week', async () => {
    rememberStation('s1');
    renderRoutes(routes, '/employees/schedule?week=2026-11-23');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/station/s1/employees/schedule?week=2026-11-23',
    );
  });

  it('says «Станция не выбрана» and offers the stations when none is selected', async () => {
    renderRoutes(routes, '/employees/schedule');
    expect(await screen.findByRole('heading', { name: 'Станция не выбрана' })).toBeInTheDocument();
    expect(await screen.findByText('Мойка на Ленина')).toBeInTheDocument();
  });
});
