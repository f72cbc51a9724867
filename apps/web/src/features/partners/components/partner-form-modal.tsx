import { Form, Input, Modal, Select } from 'antd';
import {
  partnerCreateSchema,
  partnerSources,
  partnerUpdateSchema,
  type Partner,
  type PartnerCreate,
  type PartnerSource,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { partnerLabels, partnerSourceLabels } from '../labels';

export interface PartnerFormValues {
  name: string;
  callback_url: string;
  /** Empty: the server decides from the name. */
  source?: PartnerSource;
}

interface PartnerFormModalProps {
  /** null: a new partner. */
  partner: Partner | null;
  saving: boolean;
  onSubmit(values: PartnerFormValues): Promise<void>;
  onClose(): void;
}

const fieldNames = ['name', 'callback_url', 'source'] as const;

/** Field messages (the server's `fields`, or the shared schema's issues) put on the form's items. */
export function showFieldErrors(
  form: ReturnType<typeof Form.useForm<PartnerFormValues>>[0],
  fields: Record<string, string>,
): boolean {
  // Every field at once: a message of an earlier try that no longer applies goes.
  form.setFields(fieldNames.map((name) => ({ name, errors: fields[name] ? [fields[name]] : [] })));
  return fieldNames.some((name) => fields[name]);
}

/** «Добавить партнёра» and «Изменить»: name, callback URL and (when new) whose orders they are. */
export function PartnerFormModal({ partner, saving, onSubmit, onClose }: PartnerFormModalProps) {
  const [form] = Form.useForm<PartnerFormValues>();
  const notify = useNotify();
  const creating = partner === null;

  const submit = async (values: PartnerFormValues) => {
    const body: PartnerCreate = {
      name: values.name,
      callback_url: values.callback_url,
      ...(creating && values.source ? { source: values.source } : {}),
    };
    // The same schema the server validates with: its messages land on the fields before any call.
    const checked = (creating ? partnerCreateSchema : partnerUpdateSchema).safeParse(body);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
      showFieldErrors(form, fields);
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      const landed = error instanceof ApiError && showFieldErrors(form, error.fields);
      if (!landed) notify.error(error, partnerLabels.saveFailed);
    }
  };

  return (
    <Modal
      open
      title={creating ? partnerLabels.addTitle : `${partnerLabels.editTitle}: ${partner.name}`}
      okText={creating ? partnerLabels.add : partnerLabels.save}
      cancelText={partnerLabels.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<PartnerFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={
          partner
            ? { name: partner.name, callback_url: partner.callback_url }
            : { name: '', callback_url: '' }
        }
        onFinish={(values) => void submit(values)}
        // A field's message goes as soon as it is edited (they are set by hand, not by rules).
        onValuesChange={(changed: Partial<PartnerFormValues>) =>
          form.setFields(
            Object.keys(changed).map((name) => ({ name: name as keyof PartnerFormValues, errors: [] })),
          )
        }
      >
        <Form.Item name="name" label={partnerLabels.name}>
          <Input placeholder={partnerLabels.namePlaceholder} maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item
          name="callback_url"
          label={partnerLabels.callbackUrl}
          extra={partnerLabels.callbackUrlHelp}
        >
          <Input placeholder="https://partner.example/webhooks/crm" inputMode="url" maxLength={500} />
        </Form.Item>
        {creating && (
          <Form.Item name="source" label={partnerLabels.source} extra={partnerLabels.sourceHelp}>
            <Select
              allowClear
              placeholder={partnerLabels.sourceAuto}
              options={partnerSources.map((s) => ({ value: s, label: partnerSourceLabels[s] }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
