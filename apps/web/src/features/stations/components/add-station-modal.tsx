import { useEffect, useState } from 'react';
import { Alert, Button, Col, Flex, Form, Grid, Modal, Row } from 'antd';
import dayjs from 'dayjs';
import { messages, stationCreateSchema } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useCreateStation } from '../api/create-station';
import {
  clearStationDraft,
  loadStationDraft,
  saveStationDraft,
  type StationDraft,
} from '../lib/station-draft';
import {
  emptyStationForm,
  formFieldOf,
  formToCreate,
  type StationFormValues,
} from '../lib/station-form-values';
import { replaceFields } from '../lib/replace-fields';
import { AddressFields, BoxesField, NameField, TimeZoneField, WorktimeField } from './station-fields';

interface AddStationModalProps {
  open: boolean;
  onClose(): void;
  userId: string;
}

/** Puts server (or schema) field messages on the form's fields; returns whether any landed. */
function showFieldErrors(
  form: ReturnType<typeof Form.useForm<StationFormValues>>[0],
  fields: Record<string, string>,
): boolean {
  const list = Object.entries(fields)
    .map(([key, message]) => ({ name: formFieldOf(key), errors: [message] }))
    .filter((f): f is { name: keyof StationFormValues; errors: string[] } => f.name !== null);
  form.setFields(list);
  return list.length > 0;
}

/**
 * «Добавить объект» (S1 §2, S2 §2): name, boxes, address with suggestions and a map point, working hours.
 * The form is saved as a local draft on every change and offered back when the modal opens again.
 */
export function AddStationModal({ open, onClose, userId }: AddStationModalProps) {
  const [form] = Form.useForm<StationFormValues>();
  const screens = Grid.useBreakpoint();
  const notify = useNotify();
  const create = useCreateStation();
  const [offer, setOffer] = useState<StationDraft | null>(null);

  useEffect(() => {
    // The form itself starts empty on every opening (destroyOnHidden); the draft is only offered.
    if (open) setOffer(loadStationDraft(userId));
  }, [open, userId]);

  const restore = () => {
    if (!offer) return;
    replaceFields(form, { ...emptyStationForm(), ...offer.values });
    setOffer(null);
  };
  const startOver = () => {
    clearStationDraft(userId);
    setOffer(null);
  };

  const submit = async () => {
    let values: StationFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = formToCreate({ ...form.getFieldsValue(true), ...values });
    const checked = stationCreateSchema.safeParse(body);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
      showFieldErrors(form, fields);
      return;
    }
    try {
      await create.mutateAsync(checked.data);
      clearStationDraft(userId);
      notify.success(messages.station.added);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) showFieldErrors(form, error.fields);
      notify.error(error, messages.station.saveFailed);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="Добавить объект"
      width={screens.lg ? 960 : screens.md ? 720 : '100%'}
      centered={!!screens.md}
      style={screens.md ? undefined : { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={create.isPending} onClick={() => void submit()}>
            Добавить объект
          </Button>
        </Flex>
      }
    >
      {offer && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Найден черновик объекта"
          description={`${offer.values.name?.trim() ? `«${offer.values.name.trim()}», ` : ''}сохранён ${dayjs(offer.savedAt).format('DD.MM.YYYY в HH:mm')}. Продолжить заполнение?`}
          action={
            <Flex vertical={!screens.sm} gap={8}>
              <Button size="small" type="primary" onClick={restore}>
                Восстановить
              </Button>
              <Button size="small" onClick={startOver}>
                Начать заново
              </Button>
            </Flex>
          }
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={emptyStationForm()}
        onValuesChange={() => {
          // Typing instead of answering the offer means starting over; the old draft gives way.
          if (offer) setOffer(null);
          saveStationDraft(userId, form.getFieldsValue(true));
        }}
        onFinish={() => void submit()}
      >
        <Row gutter={24}>
          <Col xs={24} lg={13}>
            <Row gutter={12}>
              <Col xs={24} sm={16}>
                <NameField mode="create" />
              </Col>
              <Col xs={24} sm={8}>
                <BoxesField mode="create" />
              </Col>
            </Row>
            <AddressFields mode="create" mapHeight={screens.md ? 260 : 220} />
          </Col>
          <Col xs={24} lg={11}>
            <WorktimeField />
            <TimeZoneField />
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
