import dayjs from 'dayjs';
import { positionLabels, staffMessages, type Position, type Station, type User } from '@crm/shared';
import { formatPhoneDisplay } from '../../../profile/components/profile-card';

/** One member as the staff list shows them, with what the caller may do to them. */
export interface StaffRow {
  id: string;
  user: User;
  fullName: string;
  email: string | null;
  phone: string;
  position: Position | null;
  positionLabel: string;
  lastLogin: string;
  /** Profile edit: a manager on a colleague who is not an owner, or on their own row. */
  canEdit: boolean;
  /** Position and removal: never on an owner, never on oneself (S2 §6). */
  canChangeMembership: boolean;
}

export const staffName = (u: Pick<User, 'name' | 'surname' | 'login'>) =>
  [u.name, u.surname].filter(Boolean).join(' ') || u.login;

/** «20.11.2026 12:30» in the browser's time: when the person last signed in, wherever they were. */
export function lastLoginLabel(iso: string | null): string {
  return iso ? dayjs(iso).format('DD.MM.YYYY HH:mm') : staffMessages.neverOnline;
}

interface Viewer {
  userId: string | null;
  /** Owner or principal of the network, or role admin (station-context canManage). */
  canManage: boolean;
}

export function toStaffRows(
  users: readonly User[],
  station: Pick<Station, 'network_id'>,
  viewer: Viewer,
): StaffRow[] {
  return users.map((u) => {
    const position = u.networks.find((n) => n.id === station.network_id)?.position ?? u.position;
    const self = u.id === viewer.userId;
    const manageable = viewer.canManage && !self && position !== 'owner';
    return {
      id: u.id,
      user: u,
      fullName: staffName(u),
      email: u.email,
      phone: formatPhoneDisplay(u.number),
      position,
      positionLabel: position ? positionLabels[position] : '—',
      lastLogin: lastLoginLabel(u.last_login),
      canEdit: manageable || (viewer.canManage && self),
      canChangeMembership: manageable,
    };
  });
}
