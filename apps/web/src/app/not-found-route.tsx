import { useLocation, useNavigate } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { getSessionUserId } from '../lib/session';
import { useStationList } from '../features/stations/api/station-list';
import { StationPickList } from '../features/stations/components/station-pick-list';

/** The station id an address names (`/station/{id}/…`), if any. */
export function stationIdInPath(pathname: string): string | null {
  const match = /^\/station\/([^/]+)/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

/** Signed in, and the address names a station outside the user's list: offer theirs (S1 §2). */
function ForeignStationPicker({ stationId }: { stationId: string }) {
  const navigate = useNavigate();
  const list = useStationList();
  if (!list.data || list.data.some((s) => s.id === stationId) || list.data.length === 0) return null;
  return (
    <section aria-labelledby="not-found-pick">
      <h2 id="not-found-pick" className="not-found-pick__title">
        Выберите свою станцию
      </h2>
      <StationPickList
        label="Ваши станции"
        exclude={stationId}
        pathFor={(station) => `/station/${encodeURIComponent(station.id)}`}
        onPick={(path) => void navigate(path, { replace: true })}
      />
    </section>
  );
}

/** The `*` route: the not-found page, with the station picker where S1 §2 asks for it. */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  const stationId = stationIdInPath(pathname);
  const signedIn = !!getSessionUserId();
  return (
    <NotFoundPage>
      {signedIn && stationId ? <ForeignStationPicker stationId={stationId} /> : null}
    </NotFoundPage>
  );
}
