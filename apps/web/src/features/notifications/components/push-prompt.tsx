import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import {
  promptDismissedForeverState,
  promptDismissedState,
  promptShownState,
  pushPromptTexts,
  recordSessionState,
  recordSignificantActionState,
  shouldShowPushPrompt,
  type PushPromptState,
} from '@crm/shared';
import { useArrivalTurn } from '../../../lib/arrival-queue';
import { crmDataQuery } from '../../users/api/crm-data';
import { useCurrentUser } from '../../users/api/current-user';
import { readPushJourney, savePushJourney } from '../api/push-journey';
import { browserPushQuery } from '../push/browser-push';
import { usePushToggle } from '../push/use-push-toggle';
import {
  isSignificantMutation,
  mutationActionName,
  onSignificantAction,
  recordSignificantAction,
} from '../lib/significant-actions';
import '../../../components/floating-card.css';
import './notifications.css';

/** Once per browser session (S1 §4 counts sessions); per user, as two people may share a browser. */
const sessionFlag = (userId: string) => `crm.push-prompt.session.${userId}`;

/**
 * The polite push prompt (S1 §4): a card, never the browser's own dialog out of the blue. Mounted once in the
 * signed-in layout; only users with `allow_push_notifications` get it at all.
 */
export function PushPrompt() {
  const user = useCurrentUser().data?.user;
  if (!user?.allow_push_notifications) return null;
  return <PushPromptFor userId={user.id} />;
}

function PushPromptFor({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const crmLoaded = useQuery(crmDataQuery(userId)).isSuccess;
  const toggle = usePushToggle();
  const [visible, setVisible] = useState(false);
  const visibleRef = useRef(false);
  visibleRef.current = visible;

  // Best effort: a lost count only delays the prompt, so a failed save is not worth a toast.
  const save = useCallback(
    (next: PushPromptState) => void savePushJourney(queryClient, userId, next).catch(() => {}),
    [queryClient, userId],
  );

  const showIfDue = useCallback(async () => {
    const state = readPushJourney(queryClient, userId);
    if (!state || visibleRef.current) return;
    const browser = await queryClient.fetchQuery(browserPushQuery);
    const due = shouldShowPushPrompt({
      state,
      allowPushNotifications: true,
      browser: { permission: browser.permission, subscribed: !!browser.endpoint },
      now: new Date(),
    });
    if (!due) return;
    setVisible(true);
    save(promptShownState(state));
  }, [queryClient, userId, save]);

  useEffect(() => {
    if (!crmLoaded || sessionStorage.getItem(sessionFlag(userId))) return;
    const state = readPushJourney(queryClient, userId);
    if (!state) return;
    sessionStorage.setItem(sessionFlag(userId), '1');
    save(recordSessionState(state));
  }, [crmLoaded, queryClient, userId, save]);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stopListening = onSignificantAction((action) => {
      const state = readPushJourney(queryClient, userId);
      // Before the CRM data is in, a write would start the counts over.
      if (!state) return;
      const { state: next, showAfterMs } = recordSignificantActionState(state, new Date(), action);
      save(next);
      if (showAfterMs === null) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void showIfDue();
      }, showAfterMs);
      timers.add(timer);
    });
    // The app's changes all go through mutations: a successful one is a significant action.
    const stopWatching = queryClient.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        isSignificantMutation(event.mutation)
      )
        recordSignificantAction(mutationActionName(event.mutation));
    });
    return () => {
      stopListening();
      stopWatching();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [queryClient, userId, save, showIfDue]);

  // Due, it still waits its turn: never over an open window (the invitation dialog, issue 38) nor the
  // cookie banner or a tour; it comes up once they are gone.
  const turn = useArrivalTurn('push', visible);
  if (!visible || !turn) return null;

  const dismiss = (forever: boolean) => {
    const state = readPushJourney(queryClient, userId) ?? {};
    save(forever ? promptDismissedForeverState(state, new Date()) : promptDismissedState(state, new Date()));
    setVisible(false);
  };
  const enable = () =>
    toggle.mutate(true, {
      onSuccess: () => setVisible(false),
      // The browser or the server said no: wait as after «Не сейчас» instead of asking at the next click.
      onError: () => dismiss(false),
    });

  return (
    <div className="floating-card floating-card--push" role="dialog" aria-labelledby="push-prompt-title">
      <div className="floating-card__icon" aria-hidden="true">
        <BellOutlined />
      </div>
      <div className="floating-card__body">
        <strong id="push-prompt-title">{pushPromptTexts.title}</strong>
        <span>{pushPromptTexts.text}</span>
        <div className="floating-card__actions">
          <Button size="small" type="text" onClick={() => dismiss(true)} disabled={toggle.isPending}>
            {pushPromptTexts.never}
          </Button>
          <Button size="small" onClick={() => dismiss(false)} disabled={toggle.isPending}>
            {pushPromptTexts.later}
          </Button>
          <Button size="small" type="primary" loading={toggle.isPending} onClick={enable}>
            {pushPromptTexts.enable}
          </Button>
        </div>
      </div>
    </div>
  );
}
