import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Col, Flex, Form, Grid, Row } from 'antd';
import { messages, stationClock, type Station } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { useUpdateStation } from '../api/update-station';
import { replaceFields } from '../lib/replace-fields';
import { formFieldOf, formToUpdate, stationToForm, type StationFormValues } from '../lib/station-form-values';
import {
  AddressFields,
  BoxesField,
  NameField,
  SlotDurationField,
  TimeZoneField,
  WorktimeField,
} from './station-fields';

interface StationSettingsFormProps {
  station: Station;
  readOnly: boolean;
  /** After a successful save (the wizard moves on). */
  onSaved?(station: Station): void;
  submitLabel?: string;
  /** Extra buttons before the submit one (the wizard's «Назад»). */
  extraActions?: ReactNode;
  /** Leaving with unsaved changes asks first (S2 §4 «Schedule»); the wizard moves on by itself. */
  guardLeaving?: boolean;
}

const sameForm = (a: StationFormValues, b: StationFormValues) =>
  JSON.stringify(formToUpdate(a)) === JSON.stringify(formToUpdate(b));

/**
 * The wizard's «Настройка станции» step: the whole station at once — name (≤ 50), address with its map
 * point, hours per day, boxes 1–20, slot duration and time zone — saved with `POST /api/station/update/{id}`.
 * The station settings split the same fields over their own sub-pages.
 */
export function StationSettingsForm({
  station,
  readOnly,
  onSaved,
  submitLabel = 'Сохранить',
  extraActions,
  guardLeaving = false,
}: StationSettingsFormProps) {
  const [form] = Form.useForm<StationFormValues>();
  const screens = Grid.useBreakpoint();
  const notify = useNotify();
  const update = useUpdateStation(station.id);
  const [initial, setInitial] = useState(() => stationToForm(station));
  const [dirty, setDirty] = useState(false);
  const today = stationClock(station.time_zone).day;

  // Another station (switching) starts the form over.
  useEffect(() => {
    const next = stationToForm(station);
    setInitial(next);
    replaceFields(form, next);
    setDirty(false);
  }, [station.id]); // eslint-disable-line react-hooks/exhaustive-deps

  useLeaveGuard(guardLeaving && dirty, { saving: update.isPending });

  const save = async () => {
    let values: StationFormValues;
    try {
      values = { ...form.getFieldsValue(true), ...(await form.validateFields()) };
    } catch {
      return;
    }
    try {
      const saved = await update.mutateAsync(formToUpdate(values));
      const next = stationToForm(saved);
      setInitial(next);
      replaceFields(form, next);
      setDirty(false);
      notify.success(messages.station.settingsUpdated);
      onSaved?.(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        form.setFields(
          Object.entries(error.fields)
            .map(([k, m]) => ({ name: formFieldOf(k), errors: [m] }))
            .filter((f): f is { name: keyof StationFormValues; errors: string[] } => f.name !== null),
        );
      }
      notify.error(error, messages.station.settingsUpdateFailed);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={readOnly}
      requiredMark={readOnly ? false : 'optional'}
      onValuesChange={() => setDirty(!sameForm(initial, form.getFieldsValue(true)))}
      onFinish={() => void save()}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="Основное">
            <NameField mode="settings" disabled={readOnly} />
            <AddressFields mode="settings" disabled={readOnly} mapHeight={screens.md ? 320 : 240} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            <Card title="Режим работы">
              <WorktimeField disabled={readOnly} today={today} label="" />
            </Card>
            <Card title="Боксы и запись">
              <BoxesField mode="settings" disabled={readOnly} />
              <SlotDurationField disabled={readOnly} />
              <TimeZoneField disabled={readOnly} />
            </Card>
          </Flex>
        </Col>
      </Row>
      {!readOnly && (
        <Flex justify="end" align="center" gap={8} wrap style={{ marginTop: 16 }}>
          {extraActions}
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {submitLabel}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
