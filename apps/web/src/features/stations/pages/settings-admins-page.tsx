import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Skeleton } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { messages } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { useViewport } from '../../../lib/use-media-query';
import { stationUsersQuery } from '../api/station-users';
import { InviteCard } from '../components/invite-card';
import { SettingsPageHeader } from '../components/settings-page-header';
import { StaffCards, StaffTable, toStaffRows } from '../components/staff-list';
import { settingsPageHints, settingsTexts } from '../lib/settings-texts';
import { useStationContext } from '../lib/station-context';

/**
 * `settings/admins` (S2 §2 «Administrators / staff»): who works at the station, read-only; managers also
 * invite new staff here.
 */
export function SettingsAdminsPage() {
  const { station, canManage } = useStationContext();
  const phone = useViewport() === 'mobile';
  const users = useQuery(stationUsersQuery(station.id));

  const table = !phone && users.isSuccess && users.data.length > 0;
  let body;
  if (users.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (users.isError)
    body = <RetryAlert title={messages.station.usersLoadFailed} onRetry={() => void users.refetch()} />;
  else if (users.data.length === 0)
    body = <EmptyState title={settingsTexts.noStaff} icon={<TeamOutlined />} />;
  else {
    const rows = toStaffRows(users.data, station);
    body = phone ? <StaffCards rows={rows} /> : <StaffTable rows={rows} />;
  }

  return (
    <Flex vertical gap={16}>
      <SettingsPageHeader page="admins" hint={settingsPageHints.admins} />
      {phone ? body : <Card styles={{ body: table ? { padding: 0 } : undefined }}>{body}</Card>}
      {canManage && <InviteCard station={station} />}
    </Flex>
  );
}
