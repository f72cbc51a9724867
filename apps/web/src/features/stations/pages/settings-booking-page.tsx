import { Card, Flex, Form, Select, Switch } from 'antd';
import { settingsMessages, slotDurations } from '@crm/shared';
import { OnlineBookingSettingsView } from '../../online-booking';
import { SettingsPageHeader } from '../components/settings-page-header';
import { SettingsSaveBar } from '../components/settings-save-bar';
import { StationStrategySection } from '../components/station-strategy-section';
import { settingsPath } from '../lib/settings-access';
import { bookingForm, type BookingValues } from '../lib/settings-form-values';
import { settingsPageHints } from '../lib/settings-texts';
import { useStationContext } from '../lib/station-context';
import { useStationSettingsForm } from '../lib/use-station-settings-form';

export const bookingTexts = {
  card: 'Запись и оплата',
  autoacceptPayment: 'Автоподтверждение оплаты',
  autoacceptPaymentHelp: 'Оплата через приложение засчитывается без ручной проверки.',
  slotDuration: 'Длительность слота',
  slotDurationHelp:
    'Шаг, с которым рабочий день делится на время для записи: по нему строятся слоты и сетка календаря.',
} as const;

/**
 * `settings/booking` «Онлайн-запись» (S2 §2, issue 37): the public booking link and its settings (auto-
 * acceptance of bookings among them; its on/off is a flag of its own), the station's strategy (whose
 * «Заказы из Яндекса» is `enable_booking`, not the link), auto-acceptance of payments, slots.
 */
export function SettingsBookingPage() {
  const { station, canManage } = useStationContext();
  const settings = useStationSettingsForm<BookingValues>({
    station,
    ...bookingForm,
    savedText: settingsMessages.saved,
    failedText: settingsMessages.stationSaveFailed,
  });
  const readOnly = !canManage;

  return (
    <Flex vertical gap={16}>
      <SettingsPageHeader page="booking" hint={settingsPageHints.booking} readOnly={readOnly} />
      <OnlineBookingSettingsView
        station={station}
        canManage={canManage}
        SaveBar={SettingsSaveBar}
        otherDirty={settings.dirty}
        legalInfoPath={settingsPath(station.id, 'legalInfo')}
      />
      <StationStrategySection station={station} />
      <Form
        form={settings.form}
        layout="vertical"
        initialValues={settings.initial}
        disabled={readOnly}
        onValuesChange={settings.onValuesChange}
        onFinish={() => void settings.save()}
      >
        <Card title={bookingTexts.card}>
          <Form.Item
            name="autoaccept_payment"
            label={bookingTexts.autoacceptPayment}
            valuePropName="checked"
            extra={bookingTexts.autoacceptPaymentHelp}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="slot_duration"
            label={bookingTexts.slotDuration}
            extra={bookingTexts.slotDurationHelp}
            style={{ marginBottom: 0 }}
          >
            <Select
              style={{ maxWidth: 200 }}
              options={slotDurations.map((m) => ({ value: m, label: `${m} мин` }))}
            />
          </Form.Item>
        </Card>
        {!readOnly && (
          <SettingsSaveBar dirty={settings.dirty} saving={settings.saving} onReset={settings.reset} />
        )}
      </Form>
    </Flex>
  );
}
