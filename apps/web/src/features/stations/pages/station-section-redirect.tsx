import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from 'antd';
import { HomeOutlined, ShopOutlined } from '@ant-design/icons';
import { messages, type Station } from '@crm/shared';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { getRememberedStationId } from '../../../lib/selected-station';
import { useStationList } from '../api/station-list';
import { StationPickList } from '../components/station-pick-list';
import '../../../components/shared-ui.css';

/** A section of a station's pages: the path under `/station/{id}`. */
export type StationSection =
  'settings' | 'settings/admins' | 'slots' | 'tariffs/addition_service' | 'employees/schedule';

const stationPath = (stationId: string, section: StationSection) =>
  `/station/${encodeURIComponent(stationId)}/${section}`;

/**
 * S1 §2 «Станция не выбрана»: a page of the selected station was asked for and no station is selected (or
 * the remembered one is no longer the user's). The user's stations are offered; one chosen opens the same
 * section of it.
 */
export function StationNotSelected({ section }: { section: StationSection }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <main className="state-screen state-screen--inline">
      <div className="state-card">
        <div className="state-card__icon" aria-hidden="true">
          <ShopOutlined />
        </div>
        <h1>{messages.station.notSelected}</h1>
        <p>{messages.station.pickPrompt}</p>
        <StationPickList
          pathFor={(station: Station) => stationPath(station.id, section) + search}
          onPick={(path) => void navigate(path, { replace: true })}
        />
        <div className="state-card__actions">
          <Button icon={<HomeOutlined />} onClick={() => void navigate('/')}>
            На главную
          </Button>
        </div>
      </div>
    </main>
  );
}

/**
 * `/settings`, `/slots`, `/tariffs/additionalServices`, `/employees` (S1 §2 route list) → that page of the
 * selected station (the remembered one, if still in the user's list); none → «Станция не выбрана».
 */
export function StationSectionRedirect({ section }: { section: StationSection }) {
  const list = useStationList();
  const { search } = useLocation();
  if (list.isPending) return <LoadingOverlay />;
  const remembered = getRememberedStationId();
  const selected = remembered && list.data?.some((s) => s.id === remembered) ? remembered : null;
  if (!selected) return <StationNotSelected section={section} />;
  return <Navigate to={stationPath(selected, section) + search} replace />;
}

export const SettingsRedirect = () => <StationSectionRedirect section="settings" />;
export const SlotsRedirect = () => <StationSectionRedirect section="slots" />;
export const AdditionalServicesRedirect = () => <StationSectionRedirect section="tariffs/addition_service" />;
/** «Сотрудники» is the station settings' staff page (S2 §2 «admins»). */
export const EmployeesRedirect = () => <StationSectionRedirect section="settings/admins" />;
