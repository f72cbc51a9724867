import { useState } from 'react';
import { Card, Flex, Form, Grid } from 'antd';
import { settingsMessages } from '@crm/shared';
import { stationToday } from '../../../lib/station-time';
import {
  AffectedOrdersModal,
  affectedOrdersConflict,
  type AffectedOrdersConflict,
} from '../components/affected-orders-modal';
import { AddressFields, NameField, TimeZoneField } from '../components/station-fields';
import { SettingsPageHeader } from '../components/settings-page-header';
import { SettingsSaveBar } from '../components/settings-save-bar';
import { infoForm, type InfoValues } from '../lib/settings-form-values';
import { settingsPageHints } from '../lib/settings-texts';
import { useStationContext } from '../lib/station-context';
import { useStationSettingsForm } from '../lib/use-station-settings-form';

/** `settings/info` (S2 §2, §5 «Station settings info»): name, address with its map point, time zone. */
export function SettingsInfoPage() {
  const { station, canManage } = useStationContext();
  const screens = Grid.useBreakpoint();
  // Issue 38: another time zone moves the hours on the clock; orders it leaves out are listed first.
  const [affected, setAffected] = useState<AffectedOrdersConflict | null>(null);
  const settings = useStationSettingsForm<InfoValues>({
    station,
    ...infoForm,
    savedText: settingsMessages.saved,
    failedText: settingsMessages.stationSaveFailed,
    onError: (error) => {
      const conflict = affectedOrdersConflict(error);
      setAffected(conflict);
      return conflict !== null;
    },
  });
  const readOnly = !canManage;

  return (
    <Flex vertical gap={16}>
      <SettingsPageHeader page="info" hint={settingsPageHints.info} readOnly={readOnly} />
      <Form
        form={settings.form}
        layout="vertical"
        initialValues={settings.initial}
        disabled={readOnly}
        requiredMark={readOnly ? false : 'optional'}
        onValuesChange={settings.onValuesChange}
        onFinish={() => void settings.save()}
      >
        <Card>
          <NameField mode="settings" disabled={readOnly} />
          <AddressFields mode="settings" disabled={readOnly} mapHeight={screens.md ? 320 : 240} />
          <TimeZoneField disabled={readOnly} />
        </Card>
        {!readOnly && (
          <SettingsSaveBar dirty={settings.dirty} saving={settings.saving} onReset={settings.reset} />
        )}
      </Form>
      {!readOnly && (
        <AffectedOrdersModal
          stationId={station.id}
          today={stationToday(station.time_zone)}
          schedule
          conflict={affected}
          saving={settings.saving}
          onChoose={(choice) =>
            void settings.save(choice).then(() => setAffected((open) => (open === affected ? null : open)))
          }
          onClose={() => setAffected(null)}
        />
      )}
    </Flex>
  );
}
