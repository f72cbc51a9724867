import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, InputNumber, type FormRule } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { boxLimits, settingsMessages, stationSettingsMessages } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { stationToday } from '../../../lib/station-time';
import {
  AffectedOrdersModal,
  affectedOrdersConflict,
  type AffectedOrdersConflict,
} from '../components/affected-orders-modal';
import { BoxList } from '../components/box-list';
import { SettingsPageHeader } from '../components/settings-page-header';
import { SettingsSaveBar } from '../components/settings-save-bar';
import { boxesForm, type BoxesValues } from '../lib/settings-form-values';
import { settingsPageHints } from '../lib/settings-texts';
import { useStationContext } from '../lib/station-context';
import { useStationSettingsForm } from '../lib/use-station-settings-form';

const { min, max } = boxLimits.settings;

/** S2 §5 «Boxes (settings)». The input has no min/max of its own: clamping would hide the messages. */
const boxesRules: FormRule[] = [
  {
    validator: async (_, v: number | null | undefined) => {
      if (v === null || v === undefined) throw new Error(stationSettingsMessages.boxesRequired);
      if (v < min) throw new Error(stationSettingsMessages.boxesMin);
      if (v > max) throw new Error(stationSettingsMessages.boxesMax);
    },
  },
];

/**
 * `settings/boxes`: the number of boxes and the list of them. A box with future orders cannot go: the
 * server answers 409 with the reason, shown as it is while the form keeps what was typed.
 */
export function SettingsBoxesPage() {
  const { station, canManage } = useStationContext();
  const [conflict, setConflict] = useState<string | null>(null);
  // Issue 38: orders on the boxes that would go, until the owner cancels or moves them.
  const [affected, setAffected] = useState<AffectedOrdersConflict | null>(null);
  const settings = useStationSettingsForm<BoxesValues>({
    station,
    ...boxesForm,
    savedText: settingsMessages.boxesSaved,
    failedText: settingsMessages.boxesSaveFailed,
    onError: (error) => {
      const orders = affectedOrdersConflict(error);
      setAffected(orders);
      if (orders) return true;
      if (!(error instanceof ApiError) || error.status !== 409) return false;
      setConflict(error.message);
      return true;
    },
  });
  const readOnly = !canManage;
  const count = Form.useWatch('boxes', settings.form) ?? settings.initial.boxes;
  const listed = typeof count === 'number' && count >= min && count <= max ? count : null;

  const onValuesChange = () => {
    setConflict(null);
    settings.onValuesChange();
  };
  const setCount = (next: number) => {
    settings.form.setFieldValue('boxes', next);
    void settings.form.validateFields(['boxes']).catch(() => {});
    onValuesChange();
  };

  return (
    <Flex vertical gap={16}>
      <SettingsPageHeader page="boxes" hint={settingsPageHints.boxes} readOnly={readOnly} />
      {conflict && (
        <Alert
          type="error"
          showIcon
          title={settingsMessages.boxesSaveFailed}
          description={conflict}
          closable={{ onClose: () => setConflict(null) }}
        />
      )}
      <Form
        form={settings.form}
        layout="vertical"
        initialValues={settings.initial}
        disabled={readOnly}
        requiredMark={readOnly ? false : 'optional'}
        onValuesChange={onValuesChange}
        onFinish={() => {
          setConflict(null);
          void settings.save();
        }}
      >
        <Card>
          <Form.Item
            name="boxes"
            label="Количество боксов"
            rules={boxesRules}
            required
            extra={`От ${min} до ${max}. Новые боксы получают следующий номер, убрать можно последний.`}
          >
            <InputNumber precision={0} inputMode="numeric" style={{ width: 160 }} />
          </Form.Item>
          {listed !== null && (
            <Flex vertical gap={12}>
              <BoxList
                saved={station.boxes}
                count={listed}
                disabled={readOnly}
                onRemoveLast={() => setCount(listed - 1)}
              />
              {!readOnly && (
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  size="large"
                  style={{ alignSelf: 'start' }}
                  disabled={listed >= max}
                  onClick={() => setCount(listed + 1)}
                >
                  Добавить бокс
                </Button>
              )}
            </Flex>
          )}
        </Card>
        {!readOnly && (
          <SettingsSaveBar dirty={settings.dirty} saving={settings.saving} onReset={settings.reset} />
        )}
      </Form>
      {!readOnly && (
        <AffectedOrdersModal
          stationId={station.id}
          today={stationToday(station.time_zone)}
          schedule={false}
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
