import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MutationObserver } from '@tanstack/react-query';
import { notificationMessages, pushPromptTexts, type CrmData, type PushPromptState } from '@crm/shared';
import { setSessionUser } from '../../../lib/session';
import { mockApi, renderPage, testUser } from '../../stations/testing/render';
import { recordSignificantAction } from '../lib/significant-actions';
import { stubPush, testStatus, unstubPush } from '../testing/push-stub';
import { PushPrompt } from './push-prompt';

const crmKey = 'POST /api/user/update_crm_data/u1';

/** The app's API with the CRM data kept like the server does (a deep enough merge for the prompt). */
function setup(journey: PushPromptState, allow = true) {
  let crm: CrmData = { pushNotifications: journey };
  const api = mockApi({
    'GET /api/user/u1': () => ({ user: testUser({ allow_push_notifications: allow }), redirect_to: null }),
    'GET /api/user/get_crm_data/u1': () => ({ crm_data: crm }),
    [crmKey]: (body) => {
      crm = { ...crm, ...(body as { crm_data: CrmData }).crm_data };
      return { crm_data: crm };
    },
    'GET /api/notifications/status': () => testStatus(),
    'POST /api/notifications/subscribe': () => ({ success: true }),
  });
  vi.stubGlobal('fetch', api.fetchMock);
  const view = renderPage(<PushPrompt />);
  const saves = () =>
    api.calls.filter((c) => c.key === crmKey).map((c) => (c.body as { crm_data: CrmData }).crm_data);
  return { ...view, calls: api.calls, saves, crm: () => crm.pushNotifications ?? {} };
}

const engagedButOne: PushPromptState = { userJourney: { sessionsCount: 1, significantActionsCount: 2 } };
const prompt = () => screen.queryByRole('dialog', { name: pushPromptTexts.title });

describe('PushPrompt (S1 §4)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setSessionUser('u1');
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    unstubPush();
  });

  it('counts the session once, then shows 1 s after the third significant action', async () => {
    stubPush();
    const { saves, crm } = setup(engagedButOne);
    await waitFor(() => expect(crm().userJourney?.sessionsCount).toBe(2));

    act(() => recordSignificantAction('order_created'));
    await waitFor(() => expect(crm().userJourney?.significantActionsCount).toBe(3));
    expect(prompt()).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', {}, { timeout: 3000 })).toHaveTextContent(pushPromptTexts.title);
    await waitFor(() => expect(crm().hasSeenPrompt).toBe(true));
    expect(
      saves().filter((s) => s.pushNotifications?.userJourney?.sessionsCount === 2).length,
    ).toBeGreaterThan(0);
  });

  it('does not count the same browser session twice', async () => {
    stubPush();
    sessionStorage.setItem('crm.push-prompt.session.u1', '1');
    const { calls } = setup(engagedButOne);
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/user/get_crm_data/u1')).toBe(true));
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.key === crmKey)).toBe(false);
  });

  it('counts a successful mutation of the app as a significant action', async () => {
    stubPush();
    const { client, crm } = setup({ userJourney: { sessionsCount: 1, significantActionsCount: 0 } });
    await waitFor(() => expect(crm().userJourney?.sessionsCount).toBe(2));
    await act(() => new MutationObserver(client, { mutationFn: async () => 'ok' }).mutate());
    await waitFor(() => expect(crm().userJourney?.significantActionsCount).toBe(1));
    // A mutation marked as not significant (the push toggle itself) is not counted.
    await act(() =>
      new MutationObserver(client, { mutationFn: async () => 'ok', meta: { significant: false } }).mutate(),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(crm().userJourney?.significantActionsCount).toBe(1);
  });

  it('waits while a window is open (issue 38: it came up over the invitation dialog), then shows', async () => {
    stubPush();
    const { crm } = setup(engagedButOne);
    await waitFor(() => expect(crm().userJourney?.sessionsCount).toBe(2));
    const dialog = document.createElement('div');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    act(() => recordSignificantAction('invitation_created'));
    await waitFor(() => expect(crm().hasSeenPrompt).toBe(true), { timeout: 3000 });
    expect(prompt()).not.toBeInTheDocument();
    act(() => dialog.remove());
    expect(await screen.findByRole('dialog', { name: pushPromptTexts.title })).toBeInTheDocument();
  });

  it('«Не сейчас» counts a dismissal with its date and hides the card', async () => {
    stubPush();
    const { crm } = setup(engagedButOne);
    await waitFor(() => expect(crm().userJourney?.sessionsCount).toBe(2));
    act(() => recordSignificantAction());
    fireEvent.click(await screen.findByRole('button', { name: pushPromptTexts.later }, { timeout: 3000 }));
    expect(prompt()).not.toBeInTheDocument();
    await waitFor(() => expect(crm().promptDismissedCount).toBe(1));
    expect(Date.parse(crm().lastPromptDate ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Within the six days nothing more is shown.
    act(() => recordSignificantAction());
    await new Promise((r) => setTimeout(r, 1300));
    expect(prompt()).not.toBeInTheDocument();
  });

  it('«Больше не спрашивать» sets the count to the maximum', async () => {
    stubPush();
    const { crm } = setup(engagedButOne);
    await waitFor(() => expect(crm().userJourney?.sessionsCount).toBe(2));
    act(() => recordSignificantAction());
    fireEvent.click(await screen.findByRole('button', { name: pushPromptTexts.never }, { timeout: 3000 }));
    await waitFor(() => expect(crm().promptDismissedCount).toBe(2));
  });

  it('«Включить» subscribes this browser', async () => {
    const push = stubPush();
    const { calls, crm } = setup(engagedButOne);
    await waitFor(() => expect(crm().userJourney?.sessionsCount).toBe(2));
    act(() => recordSignificantAction());
    fireEvent.click(await screen.findByRole('button', { name: pushPromptTexts.enable }, { timeout: 3000 }));
    expect(await screen.findByText(notificationMessages.enabled)).toBeInTheDocument();
    expect(push.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(calls.some((c) => c.key === 'POST /api/notifications/subscribe')).toBe(true);
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
  });

  it('never shows to a browser that is already subscribed', async () => {
    stubPush({ permission: 'granted', subscribed: true });
    const { crm } = setup(engagedButOne);
    await waitFor(() => expect(crm().userJourney?.sessionsCount).toBe(2));
    act(() => recordSignificantAction());
    await waitFor(() => expect(crm().userJourney?.significantActionsCount).toBe(3));
    await new Promise((r) => setTimeout(r, 1300));
    expect(prompt()).not.toBeInTheDocument();
  });

  it('stays out of the way of users without push notifications allowed', async () => {
    stubPush();
    const { calls } = setup(engagedButOne, false);
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/user/u1')).toBe(true));
    act(() => recordSignificantAction());
    await new Promise((r) => setTimeout(r, 1300));
    expect(prompt()).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === crmKey)).toBe(false);
  });
});
