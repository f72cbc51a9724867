import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { DisconnectOutlined, HomeOutlined } from '@ant-design/icons';
import { invitationMessages, invitationTokenFromHash, messages } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { ApiError } from '../../../lib/api-client';
import { getSessionUserId } from '../../../lib/session';
import { useNotify } from '../../../lib/notify';
import {
  clearPendingStationAdminCallback,
  getPendingStationAdminCallback,
  setPendingStationAdminCallback,
  openLoginPage,
} from '../../../lib/auth-redirect';
import { useMoveToStation } from '../../users/api/move-to-station';
import { stationListQuery } from '../api/station-list';
import { AdminInstructionsModal } from '../components/admin-instructions-modal';

type View = 'working' | 'instructions' | 'refused';

/** The link's token: from its fragment, or kept from before the sign-in for this same station. */
function invitationToken(stationId: string, hash: string): string | null {
  const fromLink = invitationTokenFromHash(hash);
  if (fromLink) return fromLink;
  const pending = getPendingStationAdminCallback();
  return pending?.stationId === stationId ? pending.token : null;
}

/**
 * `/stationAdminCallback/{stationId}#invite=…`, the invitation link (S1 §2, DESIGN §10). Signed out: the
 * station id and token are kept and the user signs in first (the sign-in returns here). Signed in: a
 * member (the station is among his own) gets instructions; anyone else joins the station's network with the token — also when the
 * membership check itself fails. A link without a valid token is refused on the page, not in a toast:
 * the person needs to read what to do next.
 */
export function StationAdminCallbackPage() {
  const { stationId } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const move = useMoveToStation();
  const [view, setView] = useState<View>('working');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const userId = getSessionUserId();
    if (!stationId) {
      navigate('/', { replace: true });
      return;
    }
    const token = invitationToken(stationId, hash);
    // Kept until the end, so a session that turns out to be gone brings the user back here after sign-in.
    setPendingStationAdminCallback(stationId, token);
    if (!userId) {
      openLoginPage();
      return;
    }
    void (async () => {
      let member = false;
      try {
        // The caller's own stations, not the station's staff: `list_of_users` is for members only, so
        // for the very person the link is for it could only answer 404 (issue 38).
        const stations = await queryClient.fetchQuery(stationListQuery(userId));
        member = stations.some((station) => station.id === stationId);
      } catch {
        // S1 §2: if the check fails, the user is still connected.
      }
      if (member) {
        clearPendingStationAdminCallback();
        setView('instructions');
        return;
      }
      if (!token) {
        clearPendingStationAdminCallback();
        setView('refused');
        return;
      }
      try {
        await move.mutateAsync({ stationId, userId, token });
        notify.success(messages.station.connected);
      } catch (error) {
        // The session is gone: the 401 handler is taking the user to sign in, and back here with the token.
        if (error instanceof ApiError && error.status === 401) return;
        clearPendingStationAdminCallback();
        if (error instanceof ApiError && error.status === 403) {
          setView('refused');
          return;
        }
        notify.error(messages.station.connectFailed);
      }
      clearPendingStationAdminCallback();
      navigate('/', { replace: true });
    })();
  }, [stationId, hash, navigate, notify, queryClient, move]);

  if (view === 'refused') {
    return (
      <EmptyState
        fullScreen
        icon={<DisconnectOutlined />}
        title={messages.station.connectFailed}
        description={invitationMessages.invalid}
        actions={
          <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/', { replace: true })}>
            На главную
          </Button>
        }
      />
    );
  }
  return (
    <>
      {view === 'working' && <LoadingOverlay />}
      <AdminInstructionsModal
        open={view === 'instructions'}
        onClose={() => navigate('/', { replace: true })}
        onSettings={() =>
          navigate(`/station/${encodeURIComponent(stationId ?? '')}/settings/admins`, { replace: true })
        }
      />
    </>
  );
}
