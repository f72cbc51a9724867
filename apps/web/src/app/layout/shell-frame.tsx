import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'antd';
import type { User } from '@crm/shared';
import { BrandLogo } from '../../components/brand-logo';
import { LazyPopover } from '../../components/lazy-popover';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useArrivalHold, useArrivalTurn } from '../../lib/arrival-queue';
import { useViewport } from '../../lib/use-media-query';
import { preloadable } from '../../lib/preloadable';
import { cookiesUnanswered, hasSeenTutorial, useCrmData } from '../../features/users/api/crm-data';
import { useNewOrders } from '../../features/dashboard';
import { rememberStation, swapStationInPath } from '../../lib/selected-station';
import { BottomBar } from './bottom-bar';
import { activeNavKey, buildNavItems } from './nav-items';
import { Sidebar } from './sidebar';
import { StationSwitcher } from './station-switcher';
import { AccountPanel, UserAvatar } from './user-block';
import {
  mayCreateOrders,
  useSelectedStation,
  useShellReadsOncePageUp,
  useSupportUrl,
} from './use-shell-data';

// The cookie banner's code loads when it is its turn (its claim is made here, with the CRM data).
const CookieConsent = lazy(async () => ({
  default: (await import('../../features/shell/components/cookie-consent')).CookieConsent,
}));
const FirstVisitTour = lazy(async () => ({
  default: (await import('../../features/shell/components/first-visit-tour')).FirstVisitTour,
}));

// The phone's «Ещё» sheet (antd Drawer) loads when first opened, not with the calendar (issue 15).
const MoreSheet = preloadable(async () => ({ default: (await import('./more-sheet')).MoreSheet })).Component;

const COLLAPSED_KEY = 'crm.sidebarCollapsed';
/** S1 §9 «Station-change spinner 800 ms». */
export const STATION_CHANGE_MS = 800;

interface ShellFrameProps {
  user: User;
  /** `minimal`: no navigation while the profile is incomplete or during first-time setup. */
  chrome: 'full' | 'minimal';
  children: ReactNode;
}

/** Sidebar (desktop and tablet) or header + bottom bar (phone) around the page. */
export function ShellFrame({ user, chrome, children }: ShellFrameProps) {
  const viewport = useViewport();
  const location = useLocation();
  const navigate = useNavigate();
  const supportUrl = useSupportUrl();
  const { selected, stations, resolving, inStationRoute, listLoading } = useSelectedStation(
    user.role === 'admin',
  );
  const [userCollapsed, setUserCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [switching, setSwitching] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  // Kept mounted after the first opening, so closing still animates.
  const [moreUsed, setMoreUsed] = useState(false);
  const closeMore = useCallback(() => setMoreOpen(false), []);
  useShellReadsOncePageUp();
  const tutorialSeen = useCrmData(hasSeenTutorial, { oncePageUp: true });
  const cookiesUndecided = useCrmData(cookiesUnanswered, { oncePageUp: true });
  // The «Заказы» badge: the same query (and cache) as the dashboard's block and the blocking modal.
  const newOrders = useNewOrders(chrome === 'full' ? selected?.id : null);
  // Arriving at a station, nothing else may cover the screen until it is known whether its blocking
  // new-orders window opens (the guard mounts it with these same orders).
  useArrivalHold(
    'new-orders',
    chrome === 'full' && inStationRoute && (resolving || (!!selected && newOrders.isPending)),
  );
  const [tourClosed, setTourClosed] = useState(false);
  const onTourClosed = useCallback(() => setTourClosed(true), []);
  // The tour points at a station's menu, settings and profile: it runs inside a station, not on the picker.
  const tourDue = chrome === 'full' && inStationRoute && !!selected && !tourClosed && tutorialSeen === false;
  const tourTurn = useArrivalTurn('tour', tourDue);
  // Last of the arrival, after the tour: the cookie banner, until the CRM data holds an answer.
  const cookiesTurn = useArrivalTurn('cookies', cookiesUndecided === true);

  const menuRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLElement>(null);
  const collapseRef = useRef<HTMLButtonElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const settingsRef = useRef<HTMLAnchorElement>(null);
  const profileRef = useRef<HTMLAnchorElement>(null);

  // Stable between the shell's renders that change none of it, so the memoised bar skips them.
  const canCreateOrder = mayCreateOrders(user, selected);
  const newOrderCount = newOrders.data?.length ?? 0;
  const items = useMemo(
    () =>
      buildNavItems(selected?.id ?? null, supportUrl, {
        canCreateOrder,
        newOrders: newOrderCount,
        systemAdmin: user.role === 'admin',
      }),
    [selected?.id, supportUrl, canCreateOrder, newOrderCount, user.role],
  );
  const itemRefs = useMemo(() => ({ settings: settingsRef, profile: profileRef }), []);
  const barRefs = useMemo(() => ({ bar: barRef, more: moreRef, items: itemRefs }), [itemRefs]);
  const openMore = useCallback(() => {
    setMoreUsed(true);
    setMoreOpen(true);
  }, []);

  if (chrome === 'minimal') return <MinimalFrame user={user}>{children}</MinimalFrame>;

  const activeKey = activeNavKey(location.pathname, location.search);
  const collapsed = viewport === 'tablet' || userCollapsed;

  const toggle = () => {
    localStorage.setItem(COLLAPSED_KEY, userCollapsed ? '0' : '1');
    setUserCollapsed(!userCollapsed);
  };
  const switchStation = (id: string) => {
    if (id === selected?.id && location.pathname.startsWith('/station/')) return;
    rememberStation(id);
    setSwitching(true);
    window.setTimeout(() => setSwitching(false), STATION_CHANGE_MS);
    void navigate(swapStationInPath(location.pathname, id));
  };
  const switcher = (compact: boolean) => (
    <StationSwitcher
      selected={selected}
      stations={stations}
      loading={listLoading}
      collapsed={compact}
      onSwitch={switchStation}
      onShowAll={() => void navigate('/')}
    />
  );

  return (
    <div className={`shell shell--${viewport}${collapsed ? ' shell--collapsed' : ''}`}>
      <a className="skip-link" href="#main">
        К содержимому
      </a>
      {viewport === 'mobile' ? (
        <header className="mobile-header">
          <BrandLogo size={32} compact />
          <div className="mobile-header__station">{switcher(false)}</div>
        </header>
      ) : (
        <Sidebar
          user={user}
          items={items}
          activeKey={activeKey}
          collapsed={collapsed}
          canToggle={viewport === 'desktop'}
          onToggle={toggle}
          selected={selected}
          stations={stations}
          stationsLoading={listLoading}
          onSwitchStation={switchStation}
          onShowAllStations={() => void navigate('/')}
          refs={{ menu: menuRef, collapse: collapseRef, items: itemRefs }}
        />
      )}
      <main id="main" className="shell__content" tabIndex={-1}>
        {children}
      </main>
      {viewport === 'mobile' && (
        <>
          <BottomBar
            items={items}
            activeKey={activeKey}
            moreOpen={moreOpen}
            onMore={openMore}
            refs={barRefs}
          />
          {moreUsed && <MoreSheet open={moreOpen} onClosed={closeMore} user={user} items={items} />}
        </>
      )}
      {switching && <LoadingOverlay context="stationChange" />}
      {cookiesTurn && (
        <Suspense fallback={null}>
          <CookieConsent />
        </Suspense>
      )}
      {tourDue && (
        <Suspense fallback={null}>
          <FirstVisitTour
            ready={tourTurn}
            onClosed={onTourClosed}
            mobile={viewport === 'mobile'}
            targets={{
              menu: () => (viewport === 'mobile' ? barRef.current : menuRef.current),
              collapse: () => collapseRef.current,
              more: () => moreRef.current,
              settings: () => settingsRef.current,
              profile: () => profileRef.current,
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** While the profile is incomplete or the network is being set up: logo, account, the page. */
function MinimalFrame({ user, children }: { user: User; children: ReactNode }) {
  return (
    <div className="shell shell--minimal">
      <header className="minimal-header">
        <BrandLogo size={32} />
        <LazyPopover
          trigger="click"
          placement="bottomRight"
          content={<AccountPanel user={user} />}
          arrow={false}
        >
          <Button
            type="text"
            shape="circle"
            aria-label="Аккаунт: оформление и выход"
            className="minimal-header__account"
          >
            <UserAvatar user={user} size={32} />
          </Button>
        </LazyPopover>
      </header>
      <main id="main" className="shell__content">
        {children}
      </main>
    </div>
  );
}
