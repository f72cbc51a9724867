import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@crm/shared';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { getSessionUserId } from '../../../lib/session';
import { useNotify } from '../../../lib/notify';
import { clearPendingStationAdminCallback, setPendingStationAdminCallback } from '../../../lib/auth-redirect';
import { useMoveToStation } from '../../users/api/move-to-station';
import { stationUsersQuery } from '../api/station-users';
import { AdminInstructionsModal } from '../components/admin-instructions-modal';

/**
 * `/stationAdminCallback/{stationId}`, the invitation link (S1 §2). Signed out: the station id is kept and
 * the user signs in first (the sign-in returns here). Signed in: a member gets instructions; anyone else
 * joins the station's network — also when the membership check itself fails.
 */
export function StationAdminCallbackPage() {
  const { stationId } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const move = useMoveToStation();
  const [instructions, setInstructions] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const userId = getSessionUserId();
    if (!stationId) {
      navigate('/', { replace: true });
      return;
    }
    // Kept until the end, so a session that turns out to be gone brings the user back here after sign-in.
    setPendingStationAdminCallback(stationId);
    if (!userId) {
      navigate('/auth/yandex', { replace: true });
      return;
    }
    void (async () => {
      let member = false;
      try {
        const users = await queryClient.fetchQuery(stationUsersQuery(stationId));
        member = users.some((u) => u.id === userId);
      } catch {
        // S1 §2: if the check fails, the user is still connected.
      }
      if (member) {
        clearPendingStationAdminCallback();
        setInstructions(true);
        return;
      }
      try {
        await move.mutateAsync({ stationId, userId });
        notify.success(messages.station.connected);
      } catch {
        notify.error(messages.station.connectFailed);
      }
      clearPendingStationAdminCallback();
      navigate('/', { replace: true });
    })();
  }, [stationId, navigate, notify, queryClient, move]);

  return (
    <>
      {!instructions && <LoadingOverlay />}
      <AdminInstructionsModal
        open={instructions}
        onClose={() => navigate('/', { replace: true })}
        onSettings={() => navigate(`/station/${stationId}/settings`, { replace: true })}
      />
    </>
  );
}
