import { Button } from 'antd';
import { HoverTooltip } from '../../components/hover-tooltip';
import { LazyPopover } from '../../components/lazy-popover';
import { LogoutOutlined, MoreOutlined } from '@ant-design/icons';
import type { User } from '@crm/shared';
import { messages } from '@crm/shared';
import { useLogout } from '../../features/auth/use-logout';
import { ThemeControls } from './theme-controls';
import { userDisplayName, userInitials, userPositionLabel } from './use-shell-data';

/**
 * The user's initials in the accent's circle. Not antd's Avatar: that one measures its text after every
 * mount to shrink it to fit, two layouts forced as the «Ещё» sheet opens (≈ 55 ms at 4× CPU, issue 40),
 * and two initials at 18 px always fit.
 */
export function UserAvatar({ user, size = 36 }: { user: User; size?: number }) {
  return (
    <span className="user-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {userInitials(user)}
    </span>
  );
}

/** The account panel: who is signed in, theme and accent, logout (or why logout is unavailable). */
export function AccountPanel({ user }: { user: User }) {
  const { logout, available } = useLogout();
  return (
    <div className="account-panel">
      <div className="account-panel__who">
        <UserAvatar user={user} size={44} />
        <span>
          <strong>{userDisplayName(user)}</strong>
          <span>{user.email ?? userPositionLabel(user)}</span>
        </span>
      </div>
      <div className="account-panel__label">Оформление</div>
      <ThemeControls />
      <Button
        block
        danger={available}
        icon={<LogoutOutlined />}
        onClick={() => void logout()}
        className="account-panel__logout"
      >
        {available ? 'Выйти' : messages.auth.logoutInTelegram}
      </Button>
    </div>
  );
}

/** Sidebar foot: avatar initials, name and position; opens the account panel. */
export function UserBlock({ user, collapsed }: { user: User; collapsed: boolean }) {
  const name = userDisplayName(user);
  const button = (
    <button
      type="button"
      className="user-block"
      aria-label={collapsed ? `${name}: настройки и выход` : undefined}
    >
      <UserAvatar user={user} />
      {!collapsed && (
        <>
          <span className="user-block__text">
            <span className="user-block__name">{name}</span>
            <span className="user-block__role">{userPositionLabel(user)}</span>
            <span className="visually-hidden">настройки и выход</span>
          </span>
          <MoreOutlined className="user-block__more" aria-hidden="true" />
        </>
      )}
    </button>
  );
  return (
    <LazyPopover
      trigger="click"
      placement={collapsed ? 'rightBottom' : 'topLeft'}
      content={<AccountPanel user={user} />}
      arrow={false}
    >
      {collapsed ? (
        <HoverTooltip title={name} placement="right">
          {button}
        </HoverTooltip>
      ) : (
        button
      )}
    </LazyPopover>
  );
}
