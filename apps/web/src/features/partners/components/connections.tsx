import { Button, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import {
  partnerMessages,
  stationPartnerConnectSchema,
  type StationIntegrations,
  type StationPartner,
  type StationPartnerConnect,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import type { useConnectStationPartner } from '../api/connect-station-partner';
import { partnerLabels, partnerSourceLabels } from '../labels';

type Connect = ReturnType<typeof useConnectStationPartner>;

interface ConnectionRowProps {
  connection: StationPartner;
  connect: Connect;
  disabled: boolean;
}

/** A connected partner: its name, the station's number there (edited in place), and on/off at once. */
export function ConnectionRow({ connection, connect, disabled }: ConnectionRowProps) {
  const notify = useNotify();
  // On/off shows at once (optimistic) and says what it did; a new number is confirmed by the server first.
  const save = (body: StationPartnerConnect, toggle: boolean) =>
    connect.mutate(
      { ...body, optimistic: toggle },
      {
        onSuccess: (saved) =>
          notify.success(
            !toggle
              ? partnerMessages.saved
              : saved.enabled
                ? partnerMessages.connected
                : partnerMessages.disconnected,
          ),
        onError: (error) => notify.error(error, partnerLabels.toggleFailed),
      },
    );
  const base = {
    partner_id: connection.partner_id,
    partner_station_id: connection.partner_station_id,
    enabled: connection.enabled,
  };
  const busy = connect.isPending && connect.variables?.partner_id === connection.partner_id;
  return (
    <li className="connection-row">
      <div className="connection-row__main">
        <span>
          <Typography.Text strong>{connection.partner_name}</Typography.Text>{' '}
          <Tag>{partnerSourceLabels[connection.source]}</Tag>
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {partnerLabels.partnerStationId}:{' '}
          <Typography.Text
            code
            editable={
              disabled
                ? false
                : {
                    text: connection.partner_station_id,
                    tooltip: partnerLabels.edit,
                    triggerType: ['icon'],
                    onChange: (next) => {
                      const value = next.trim();
                      if (!value || value === connection.partner_station_id) return;
                      save({ ...base, partner_station_id: value }, false);
                    },
                  }
            }
          >
            {connection.partner_station_id}
          </Typography.Text>
        </Typography.Text>
      </div>
      <label className="connection-row__switch">
        <Switch
          checked={connection.enabled}
          loading={busy}
          disabled={disabled}
          aria-label={`${partnerLabels.enabled}: ${connection.partner_name}`}
          onChange={(enabled) => save({ ...base, enabled }, true)}
        />
        <span>{connection.enabled ? partnerLabels.enabledOn : partnerLabels.enabledOff}</span>
      </label>
    </li>
  );
}

interface ConnectFormProps {
  data: StationIntegrations;
  /** The station's own id at partners (its `carwash_id`), offered as the number. */
  carwashId: string;
  connect: Connect;
  disabled: boolean;
}

type ConnectValues = StationPartnerConnect;

/** «Подключить партнёра»: a partner not connected yet, the station's number there, on by default. */
export function ConnectForm({ data, carwashId, connect, disabled }: ConnectFormProps) {
  const [form] = Form.useForm<ConnectValues>();
  const notify = useNotify();
  const connected = new Set(data.connections.map((c) => c.partner_id));
  const free = data.partners.filter((p) => !connected.has(p.id));

  if (data.partners.length === 0)
    return <Typography.Text type="secondary">{partnerMessages.noPartners}</Typography.Text>;
  if (free.length === 0)
    return <Typography.Text type="secondary">{partnerLabels.allConnected}</Typography.Text>;

  const showFields = (fields: Record<string, string>) => {
    // Every field at once: a message of an earlier try that no longer applies goes.
    const names = ['partner_id', 'partner_station_id', 'enabled'] as const;
    form.setFields(names.map((name) => ({ name, errors: fields[name] ? [fields[name]] : [] })));
    return names.some((name) => fields[name]);
  };

  const submit = async (values: ConnectValues) => {
    const checked = stationPartnerConnectSchema.safeParse(values);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
      showFields(fields);
      return;
    }
    try {
      await connect.mutateAsync(checked.data);
      notify.success(partnerMessages.connected);
      form.resetFields();
    } catch (error) {
      const landed = error instanceof ApiError && showFields(error.fields);
      if (!landed) notify.error(error, partnerLabels.connectFailed);
    }
  };

  return (
    <Form<ConnectValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={disabled}
      initialValues={{
        partner_id: free.length === 1 ? free[0]!.id : undefined,
        partner_station_id: carwashId,
        enabled: true,
      }}
      onFinish={(values) => void submit(values)}
      // A field's message goes as soon as it is edited (they are set by hand, not by rules).
      onValuesChange={(changed: Partial<ConnectValues>) =>
        form.setFields(
          Object.keys(changed).map((name) => ({ name: name as keyof ConnectValues, errors: [] })),
        )
      }
      style={{ maxWidth: 480 }}
    >
      <Form.Item name="partner_id" label={partnerLabels.partner}>
        <Select
          placeholder={partnerMessages.partnerRequired}
          options={free.map((p) => ({ value: p.id, label: `${p.name} (${partnerSourceLabels[p.source]})` }))}
        />
      </Form.Item>
      <Form.Item
        name="partner_station_id"
        label={partnerLabels.partnerStationId}
        extra={partnerLabels.partnerStationIdHelp}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="enabled" label={partnerLabels.enabled} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={connect.isPending && !connect.variables?.optimistic}>
        {partnerLabels.connect}
      </Button>
    </Form>
  );
}
