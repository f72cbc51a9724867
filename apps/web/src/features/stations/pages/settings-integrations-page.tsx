import { Flex } from 'antd';
import { StationIntegrationsView } from '../../partners';
import { SettingsPageHeader } from '../components/settings-page-header';
import { settingsPageHints } from '../lib/settings-texts';
import { useStationContext } from '../lib/station-context';

/** `settings/integrations` (issue 36): the station's partners (Яндекс, Benzuber) and its exchanges with them. */
export function SettingsIntegrationsPage() {
  const { station, canManage } = useStationContext();
  return (
    <Flex vertical gap={16}>
      <SettingsPageHeader page="integrations" hint={settingsPageHints.integrations} readOnly={!canManage} />
      <StationIntegrationsView station={station} canManage={canManage} />
    </Flex>
  );
}
