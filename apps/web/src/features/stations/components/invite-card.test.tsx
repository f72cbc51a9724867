import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Invitation } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { apiError, mockApi, renderPage, testStation } from '../testing/render';
import { InvitationList } from './invitation-list';
import { InviteLinkPanel } from './invite-card';

const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  id: 'i1',
  station_id: 's1',
  position: 'worker',
  created_at: '2026-11-20T09:00:00.000Z',
  expires_at: '2026-11-27T09:00:00.000Z',
  created_by: { id: 'u1', name: 'Алексей', surname: 'Смирнов' },
  ...over,
});

describe('invitations: the link panel and the active links', () => {
  beforeEach(() => setSessionUser('u1'));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists the active links with position, expiry on the station clock and creator', async () => {
    vi.stubGlobal(
      'fetch',
      mockApi({ 'GET /api/station/invitations/s1': () => ({ invitations: [invitation()] }) }).fetchMock,
    );
    renderPage(<InvitationList station={testStation()} />);
    const list = await screen.findByRole('list', { name: 'Активные приглашения' });
    expect(within(list).getByText('Мойщик')).toBeInTheDocument();
    // 09:00 UTC is 12:00 in Moscow.
    expect(within(list).getByText(/до 27 .*, 12:00/)).toBeInTheDocument();
    expect(within(list).getByText(/Алексей Смирнов/)).toBeInTheDocument();
  });

  it('says when there are none, and offers a retry when the list fails', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      mockApi({
        'GET /api/station/invitations/s1': () =>
          fail ? apiError(500, 'x') : { invitations: [] as Invitation[] },
      }).fetchMock,
    );
    renderPage(<InvitationList station={testStation()} />);
    expect(await screen.findByText('Не удалось загрузить приглашения')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Активных приглашений нет')).toBeInTheDocument();
  });

  const created = {
    id: 'i2',
    token: 'tok_123',
    url: 'https://elsewhere.example/stationAdminCallback/s1#invite=tok_123',
    position: 'administrator',
    expires_at: '2026-11-30T09:00:00.000Z',
  };

  it('creates an administrator link by default, as a QR code of 200 px and text on this origin', async () => {
    const api = mockApi({ 'POST /api/station/invitations/s1': () => created });
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<InviteLinkPanel station={testStation()} />);
    expect(screen.getByRole('combobox', { name: 'Должность' })).toBeInTheDocument();
    expect(screen.getByText('Администратор')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Создать ссылку/ }));
    const link = await screen.findByTestId('invitation-link');
    const url = `${window.location.origin}/stationAdminCallback/s1#invite=tok_123`;
    expect(link).toHaveTextContent(url);
    expect(api.calls.find((c) => c.key === 'POST /api/station/invitations/s1')?.body).toEqual({
      position: 'administrator',
    });
    expect(screen.getByText(/Ссылка для должности «Администратор» готова/)).toBeInTheDocument();
    const qr = screen.getByTitle('QR-код приглашения').closest('svg')!;
    expect(qr.getAttribute('height')).toBe('200');
  });

  it('lets the link be copied at once (no wait), says what it opens, then says it was copied', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('fetch', mockApi({ 'POST /api/station/invitations/s1': () => created }).fetchMock);
    renderPage(<InviteLinkPanel station={testStation()} />);
    expect(screen.getByTestId('invitation-access')).toHaveTextContent(/доступ ко всей сети/);
    fireEvent.click(screen.getByRole('button', { name: /Создать ссылку/ }));
    const copy = await screen.findByRole('button', { name: /Копировать ссылку$/ });
    expect(copy).toBeEnabled();
    fireEvent.click(copy);
    expect(await screen.findByText('Ссылка скопирована')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/stationAdminCallback/s1#invite=tok_123`,
    );
  });

  it('revokes a link after confirmation, and it leaves the list', async () => {
    let revoked = false;
    const api = mockApi({
      'GET /api/station/invitations/s1': () => ({ invitations: revoked ? [] : [invitation()] }),
      'POST /api/station/invitations/revoke/i1': () => {
        revoked = true;
        return { invitation: invitation() };
      },
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<InvitationList station={testStation()} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Отозвать приглашение: Мойщик/ }));
    const confirm = await screen.findByText('Отозвать приглашение?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Отозвать' }));
    expect(await screen.findByText('Приглашение отозвано')).toBeInTheDocument();
    expect(await screen.findByText('Активных приглашений нет')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/station/invitations/revoke/i1')).toBe(true);
  });
});
