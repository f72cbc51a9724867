import { useEffect, useState } from 'react';
import { Drawer } from 'antd';
import { CountBadge } from '../../components/count-badge';
import { Link } from 'react-router';
import { ExportOutlined, LogoutOutlined, MobileOutlined, RightOutlined } from '@ant-design/icons';
import { messages, type User } from '@crm/shared';
import { useLogout } from '../../features/auth/use-logout';
import { NavBadgeText, type NavItem, type NavKey } from './nav-items';
import { ThemeControls } from './theme-controls';
import { UserAvatar } from './user-block';
import { userDisplayName, userPositionLabel } from './use-shell-data';
import { useBackToClose } from './use-back-to-close';
import { useSwipeDown } from './use-swipe-down';

interface MoreSheetProps {
  open: boolean;
  /** The sheet is to close (its button, Escape, a swipe, Back, a link followed). */
  onClosed(): void;
  user: User;
  items: NavItem[];
}

const sections: { title: string; keys: NavKey[] }[] = [
  { title: 'Основные', keys: ['home', 'schedule', 'slots', 'history', 'create', 'clients', 'dashboard'] },
  { title: 'Настройки', keys: ['tariffs', 'settings', 'partners', 'profile'] },
  { title: 'Прочее', keys: ['support'] },
];

const sheetBody = (frame: HTMLElement) => frame.querySelector<HTMLElement>('.ant-drawer-body');

/**
 * Opening the sheet is the intent to go somewhere, and «Клиенты» is its daily row: the page's code (with the
 * chunks it shares with pages not yet visited) loads while the sheet slides in and is read, so the tap finds
 * it (issue 40). After the sheet's first frame, which it must not delay; the slide itself is the
 * compositor's. A failed download is the navigation's to try again.
 */
function useClientsCodeAhead(open: boolean) {
  useEffect(() => {
    if (!open) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      // The module the router's clients routes load (router.tsx), so the navigation finds it there.
      timer = window.setTimeout(
        () => void import('../../features/clients/pages/clients-page').catch(() => {}),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [open]);
}

/**
 * The phone's «Ещё» sheet: Основные, Настройки, Прочее and Действия (theme, accent, logout). It is never
 * taller than the screen: the head stays, the rest scrolls (issue 38); it closes by its button, a swipe down
 * and the system's Back (the shell keeps a history entry for it).
 */
export function MoreSheet({ open, onClosed, user, items }: MoreSheetProps) {
  const { logout, available } = useLogout();
  // Back closes it; closing it otherwise takes its history entry back off; a link replaces that entry.
  const { close: onClose, leave } = useBackToClose(open, onClosed);
  // Closed by a row's link: focus stays with the page it opens. antd gives it back to «Ещё» once the sheet
  // has slid out, which lays out the half-rendered next page in the middle of its render (≈ 0.1 s at 4× CPU
  // on «Клиенты», issue 40). Closed otherwise, focus goes back to «Ещё» as before.
  const [followed, setFollowed] = useState(false);
  if (open && followed) setFollowed(false);
  const onNavigate = () => {
    setFollowed(true);
    leave();
  };
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  useSwipeDown(open ? frame : null, sheetBody, onClose);
  useClientsCodeAhead(open);
  const byKey = (key: NavKey) => items.find((i) => i.key === key && i.to);

  const row = (item: NavItem) =>
    item.external ? (
      <a key={item.key} className="sheet-row" href={item.to!} target="_blank" rel="noopener noreferrer">
        <span className="sheet-row__icon">{item.icon}</span>
        <span className="sheet-row__label">{item.label}</span>
        <ExportOutlined className="sheet-row__end" />
      </a>
    ) : (
      <Link key={item.key} className="sheet-row" to={item.to!} replace onClick={onNavigate}>
        <span className="sheet-row__icon">{item.icon}</span>
        <span className="sheet-row__label">
          {item.label}
          <NavBadgeText count={item.badge} />
        </span>
        <CountBadge count={item.badge} />
        <RightOutlined className="sheet-row__end" />
      </Link>
    );

  return (
    <Drawer
      placement="bottom"
      open={open}
      onClose={onClose}
      title="Ещё"
      size="auto"
      className="more-sheet"
      classNames={{ wrapper: 'more-sheet__wrapper' }}
      focusable={{ focusTriggerAfterClose: !followed }}
      styles={{ body: { paddingTop: 8 } }}
      drawerRender={(content) => (
        <div ref={setFrame} className="more-sheet__frame">
          <div className="more-sheet__handle" aria-hidden="true" />
          {content}
        </div>
      )}
    >
      <div className="more-sheet__user">
        <UserAvatar user={user} size={44} />
        <span>
          <strong>{userDisplayName(user)}</strong>
          <span>{userPositionLabel(user)}</span>
        </span>
      </div>
      {sections.map((section) => {
        const rows = section.keys.map(byKey).filter((i): i is NavItem => !!i);
        return (
          <section key={section.title} className="sheet-section">
            <h3>{section.title}</h3>
            <div className="sheet-group">
              {rows.map(row)}
              {section.title === 'Прочее' && (
                <a className="sheet-row" href="/install-app" target="_blank" rel="noopener">
                  <span className="sheet-row__icon">
                    <MobileOutlined />
                  </span>
                  <span className="sheet-row__label">Установить приложение</span>
                  <ExportOutlined className="sheet-row__end" />
                </a>
              )}
            </div>
          </section>
        );
      })}
      <section className="sheet-section">
        <h3>Действия</h3>
        <div className="sheet-group sheet-group--padded">
          <ThemeControls />
        </div>
        <div className="sheet-group">
          <button
            type="button"
            className={`sheet-row sheet-row--danger${available ? '' : ' is-muted'}`}
            onClick={() => void logout()}
          >
            <span className="sheet-row__icon">
              <LogoutOutlined />
            </span>
            <span className="sheet-row__label">{available ? 'Выйти' : messages.auth.logoutInTelegram}</span>
          </button>
        </div>
      </section>
    </Drawer>
  );
}
