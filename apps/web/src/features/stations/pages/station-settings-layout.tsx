import { useMemo } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { settingsMessages } from '@crm/shared';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { Page } from '../../../components/page';
import { RetryAlert } from '../../../components/retry-alert';
import { useViewport } from '../../../lib/use-media-query';
import { useCurrentUser } from '../../users/api/current-user';
import { useStation } from '../api/station';
import { ExternalStationNote } from '../components/external-station-note';
import { SettingsMenu } from '../components/settings-menu';
import {
  allowedSettingsPages,
  isSettingsPage,
  settingsMenuPages,
  settingsPath,
} from '../lib/settings-access';
import { settingsTexts } from '../lib/settings-texts';
import { useStationContext, type StationContext } from '../lib/station-context';
import '../components/settings-layout.css';

/** The first path segment after `/settings`, if any. */
function subPageOf(pathname: string): string | undefined {
  const rest = pathname.split('/settings/')[1];
  return rest ? rest.split('/')[0] : undefined;
}

/**
 * `/station/{id}/settings` (S2 §2): the «Станция» menu and one sub-page. On a desktop the menu stays on the
 * left and the sub-page is on the right; on a phone the index is the menu and each sub-page has a way back.
 * The station is loaded afresh for settings (the list may be minutes old); a sub-page outside the caller's
 * list, or one that does not exist, opens the menu instead.
 */
export function StationSettingsLayout() {
  const context = useStationContext();
  const user = useCurrentUser().data?.user;
  const fresh = useStation(context.station.id);
  const desktop = useViewport() === 'desktop';
  const subPage = subPageOf(useLocation().pathname);

  const station = fresh.data ?? context.station;
  const pageContext = useMemo<StationContext>(() => ({ ...context, station }), [context, station]);
  const indexPath = settingsPath(station.id);

  // The guard has the user by now; should it not, nothing is decided about access until it does.
  if (!user) return <LoadingOverlay context="stationChange" />;
  const menuPages = settingsMenuPages(user, station);
  if (subPage !== undefined) {
    const allowed = allowedSettingsPages(user, station);
    if (!isSettingsPage(subPage) || !allowed.includes(subPage)) return <Navigate to={indexPath} replace />;
  }

  const header = (
    <Flex vertical gap={4}>
      <Link to={`/station/${encodeURIComponent(station.id)}`} className="settings-back-link">
        <ArrowLeftOutlined aria-hidden="true" />
        {station.name}
      </Link>
      <Typography.Title level={1} style={{ margin: 0, fontSize: desktop ? 30 : 24 }}>
        {settingsTexts.title}
      </Typography.Title>
    </Flex>
  );

  if (fresh.isError && !fresh.data) {
    return (
      <Page>
        {header}
        <RetryAlert
          title={settingsMessages.loadFailed}
          description={settingsMessages.loadFailedHint}
          onRetry={() => void fresh.refetch()}
        />
      </Page>
    );
  }

  const outlet = <Outlet context={pageContext} />;
  return (
    <Page>
      {header}
      {context.external && <ExternalStationNote />}
      {desktop ? (
        <div className="settings-layout">
          <div className="settings-layout__menu">
            <SettingsMenu stationId={station.id} pages={menuPages} />
          </div>
          <div className="settings-layout__page">{outlet}</div>
        </div>
      ) : subPage === undefined ? (
        <SettingsMenu stationId={station.id} pages={menuPages} chevrons />
      ) : (
        <Flex vertical gap={16}>
          <Link to={indexPath} className="settings-back-link">
            <ArrowLeftOutlined aria-hidden="true" />
            {settingsTexts.backToMenu}
          </Link>
          {outlet}
        </Flex>
      )}
    </Page>
  );
}
