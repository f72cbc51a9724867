import { useState } from 'react';
import { Alert, Button, Form, InputNumber, Skeleton } from 'antd';
import { maxTariffPrice, paymentSettingsSchema, type PaymentSettings } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { usePaymentSettings, useSavePaymentSettings } from '../api/payment-settings';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import { TabLoadError } from './tariff-tab';

type PaymentFormValues = Record<keyof PaymentSettings, number | null>;

const fieldsOf: { name: keyof PaymentSettings; label: string }[] = [
  { name: 'min', label: t.paymentMin },
  { name: 'step', label: t.paymentStep },
  { name: 'max', label: t.paymentMax },
];

/** The form, mounted with the loaded values; S2 §5 rules from the shared schema, server messages too. */
function PaymentSettingsForm({
  stationId,
  initial,
  canEdit,
}: {
  stationId: string;
  initial: PaymentSettings;
  canEdit: boolean;
}) {
  const notify = useNotify();
  const save = useSavePaymentSettings(stationId);
  const [form] = Form.useForm<PaymentFormValues>();
  const [changed, setChanged] = useState(false);

  const showFields = (fields: Record<string, string>) =>
    form.setFields(
      Object.entries(fields).map(([name, message]) => ({ name: name as never, errors: [message] })),
    );

  const submit = async (values: PaymentFormValues) => {
    // An empty field is undefined to zod, which answers it with 'Обязательное поле'.
    const checked = paymentSettingsSchema.safeParse({
      min: values.min ?? undefined,
      step: values.step ?? undefined,
      max: values.max ?? undefined,
    });
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return showFields(fields);
    }
    try {
      const saved = await save.mutateAsync(checked.data);
      form.setFieldsValue(saved);
      setChanged(false);
      notify.success(t.paymentSaved);
    } catch (error) {
      if (error instanceof ApiError) showFields(error.fields);
      notify.error(error, t.paymentSaveFailed);
    }
  };

  return (
    <Form<PaymentFormValues>
      form={form}
      layout="vertical"
      className="payment-settings"
      initialValues={initial}
      disabled={!canEdit}
      onValuesChange={() => setChanged(true)}
      onFinish={(values) => void submit(values)}
    >
      <p className="payment-settings__intro">{t.paymentIntro}</p>
      {!canEdit && <Alert type="info" showIcon title={t.readOnly} className="payment-settings__note" />}
      <div className="payment-settings__fields">
        {fieldsOf.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            <InputNumber min={0} max={maxTariffPrice} precision={0} className="payment-settings__number" />
          </Form.Item>
        ))}
      </div>
      {canEdit && (
        <div className="tariff-actions tariff-actions--start">
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!changed}>
            {t.save}
          </Button>
        </div>
      )}
    </Form>
  );
}

/** «Настройки оплаты» (S2 §2, §3, §5): min, step and max of an in-app payment; read-only for staff. */
export function PaymentSettingsTab({ stationId, canEdit }: { stationId: string; canEdit: boolean }) {
  const settings = usePaymentSettings(stationId);
  if (settings.isPending)
    return (
      <div role="status" aria-label="Загрузка настроек оплаты" className="payment-settings">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  if (settings.isError)
    return <TabLoadError retrying={settings.isFetching} onRetry={() => void settings.refetch()} />;
  return <PaymentSettingsForm stationId={stationId} initial={settings.data} canEdit={canEdit} />;
}
