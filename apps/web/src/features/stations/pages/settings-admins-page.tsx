import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Skeleton } from 'antd';
import { CalendarOutlined, TeamOutlined } from '@ant-design/icons';
import { messages } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { getSessionUserId } from '../../../lib/session';
import { useViewport } from '../../../lib/use-media-query';
import { useCurrentUser } from '../../users/api/current-user';
import { stationUsersQuery } from '../api/station-users';
import { InvitationList } from '../components/invitation-list';
import { SettingsPageHeader } from '../components/settings-page-header';
import { StaffCards, StaffTable } from '../components/staff-list';
import { AddAdminFlow } from '../components/staff/add-admin-flow';
import { AddByLoginForm } from '../components/staff/add-by-login-form';
import { StaffEditModal } from '../components/staff/staff-edit-modal';
import { StaffRemoveModal } from '../components/staff/staff-remove-modal';
import { toStaffRows, type StaffRow } from '../components/staff/staff-rows';
import { settingsPageHints, settingsTexts } from '../lib/settings-texts';
import { useStationContext } from '../lib/station-context';

/**
 * `settings/admins` (S2 §2 «Administrators / staff»): who works at the station. Managers edit and
 * remove colleagues and add new ones by an invitation with a QR code; support also adds by login.
 */
export function SettingsAdminsPage() {
  const { station, canManage } = useStationContext();
  const phone = useViewport() === 'mobile';
  const users = useQuery(stationUsersQuery(station.id));
  const me = useCurrentUser();
  const [editing, setEditing] = useState<StaffRow | null>(null);
  const [removing, setRemoving] = useState<StaffRow | null>(null);

  const table = !phone && users.isSuccess && users.data.length > 0;
  let body;
  if (users.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (users.isError)
    body = <RetryAlert title={messages.station.usersLoadFailed} onRetry={() => void users.refetch()} />;
  else if (users.data.length === 0)
    body = <EmptyState title={settingsTexts.noStaff} icon={<TeamOutlined />} />;
  else {
    const rows = toStaffRows(users.data, station, { userId: getSessionUserId(), canManage });
    const props = { rows, showActions: canManage, onEdit: setEditing, onRemove: setRemoving };
    body = phone ? <StaffCards {...props} /> : <StaffTable {...props} />;
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="end" gap={12} wrap>
        <SettingsPageHeader page="admins" hint={settingsPageHints.admins} />
        <Flex gap={12} align="center" wrap>
          {/* Issue 39 §3: the staff's shift plan. */}
          <Link to={`/station/${encodeURIComponent(station.id)}/employees/schedule`}>
            <CalendarOutlined aria-hidden /> График смен
          </Link>
          {canManage && <AddAdminFlow station={station} />}
        </Flex>
      </Flex>
      {phone ? body : <Card styles={{ body: table ? { padding: 0 } : undefined }}>{body}</Card>}
      {me.data?.user.role === 'admin' && <AddByLoginForm stationId={station.id} />}
      {canManage && (
        <Card size="small">
          <InvitationList station={station} />
        </Card>
      )}
      <StaffEditModal stationId={station.id} row={editing} onClose={() => setEditing(null)} />
      <StaffRemoveModal stationId={station.id} row={removing} onClose={() => setRemoving(null)} />
    </Flex>
  );
}
