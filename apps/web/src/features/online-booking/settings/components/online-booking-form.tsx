import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Alert, Card, Checkbox, Form, Input, InputNumber, Radio, Select, Skeleton, Switch, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  clientMessages,
  maskPhone,
  normalizePhone,
  onlineBookingLimits as limits,
  onlineBookingMessages as m,
  washServices,
  type OnlineBookingSettings,
} from '@crm/shared';
import { ApiError } from '../../../../lib/api-client';
import { useNotify } from '../../../../lib/notify';
import { useLeaveGuard } from '../../../../lib/use-leave-guard';
import { useOwnTariffs, type OwnTariffItem } from '../api/own-tariffs';
import { putOnlineBooking, useUpdateOnlineBooking } from '../api/update-online-booking';
import {
  changedFields,
  formFieldOf,
  noticeOptions,
  toForm,
  type OnlineBookingValues,
} from '../lib/settings-form';
import { onlineBookingTexts as t } from '../lib/texts';

interface OnlineBookingFormProps {
  stationId: string;
  settings: OnlineBookingSettings;
  readOnly: boolean;
  /** Another form on the page has unsaved changes: one leave guard asks for both (a router has one). */
  otherDirty: boolean;
  /** The settings pages' save bar, handed down by the page that composes this form. */
  SaveBar: ComponentType<SaveBarProps>;
}

export interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  onReset(): void;
}

const serviceOptions = washServices.map((s) => ({ value: s.key, label: s.name_ru }));
const range = (min: number, max: number, message: string) => ({
  validator: (_: unknown, value: number | null) =>
    value === null || value === undefined || value < min || value > max || !Number.isInteger(value)
      ? Promise.reject(new Error(message))
      : Promise.resolve(),
});

/** The station's own tariffs as checkboxes; a chosen tariff that is switched off stays visible, marked. */
function TariffChecklist({
  tariffs,
  chosen,
}: {
  tariffs: ReturnType<typeof useOwnTariffs>;
  chosen: string[];
}) {
  if (tariffs.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (tariffs.isError) return <Alert type="error" showIcon title={t.tariffsLoadFailed} />;
  const shown = tariffs.data.filter((tariff) => tariff.active || chosen.includes(tariff.id));
  if (shown.length === 0) return <Alert type="info" showIcon title={t.tariffsNone} />;
  return (
    <Form.Item
      name="tariff_ids"
      noStyle
      rules={[
        {
          validator: (_, value: string[] | undefined) =>
            value && value.length > 0 ? Promise.resolve() : Promise.reject(new Error(t.tariffsRequired)),
        },
      ]}
    >
      <Checkbox.Group className="ob-checklist" aria-label={t.tariffs}>
        {shown.map((tariff) => (
          <Checkbox key={tariff.id} value={tariff.id}>
            {tariff.name}
            {!tariff.active && (
              <Tag style={{ marginInlineStart: 8 }} variant="filled">
                {t.inactive}
              </Tag>
            )}
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Form.Item>
  );
}

/**
 * The owner's online-booking settings: on/off, what is offered, how far ahead and how soon, the cancel
 * cut-off, auto-acceptance and the per-phone limit. Saves only what changed, with the settings pages'
 * save bar; the server's field messages land on their fields.
 */
export function OnlineBookingForm({
  stationId,
  settings,
  readOnly,
  otherDirty,
  SaveBar,
}: OnlineBookingFormProps) {
  const [form] = Form.useForm<OnlineBookingValues>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const update = useUpdateOnlineBooking(stationId);
  const tariffs = useOwnTariffs(stationId);
  const [initial, setInitial] = useState(() => toForm(settings));
  const [dirty, setDirty] = useState(false);
  const tariffsMode = Form.useWatch('tariffs_mode', form) ?? initial.tariffs_mode;
  const servicesMode = Form.useWatch('services_mode', form) ?? initial.services_mode;
  const chosenTariffs = Form.useWatch('tariff_ids', form) ?? initial.tariff_ids;
  const minNotice = Form.useWatch('min_notice_minutes', form) ?? initial.min_notice_minutes;
  const cutoff = Form.useWatch('cancel_cutoff_minutes', form) ?? initial.cancel_cutoff_minutes;

  const restart = (next: OnlineBookingValues) => {
    setInitial(next);
    form.setFields(Object.entries(next).map(([name, value]) => ({ name: name as never, value, errors: [] })));
    setDirty(false);
  };

  // A fresher copy (a new link issued, another tab's save) replaces an untouched form; typed changes stay.
  // Not on mount: the form starts from these settings already, and a reset then could undo a first click.
  const shown = useRef(settings);
  useEffect(() => {
    if (shown.current === settings) return;
    shown.current = settings;
    if (!dirty) restart(toForm(settings));
  }, [settings]); // eslint-disable-line react-hooks/exhaustive-deps

  // Registered after the page's own guard (this form mounts once the settings have loaded): the router
  // consults only the newest blocker, so this one answers for the page's other form too.
  useLeaveGuard(dirty || otherDirty, { saving: update.isPending });

  const current = (): OnlineBookingValues => ({ ...initial, ...form.getFieldsValue(true) });
  const checkDirty = () => setDirty(Object.keys(changedFields(initial, current())).length > 0);

  // «Выбрать» starts from what «Все» offered, so the owner unticks what he does not want; the tariffs may
  // still be loading at the click, then they are ticked when they come.
  const tariffsToTick = useRef(false);
  const tickTariffs = (list: OwnTariffItem[] | undefined) => {
    if (!tariffsToTick.current || !list) return;
    tariffsToTick.current = false;
    form.setFieldValue(
      'tariff_ids',
      list.filter((tariff) => tariff.active).map((tariff) => tariff.id),
    );
    checkDirty();
  };
  useEffect(() => tickTariffs(tariffs.data), [tariffs.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const onValuesChange = (changed: Partial<OnlineBookingValues>) => {
    const values = current();
    if (changed.tariffs_mode === 'some' && values.tariff_ids.length === 0) {
      tariffsToTick.current = true;
      tickTariffs(tariffs.data);
    }
    if (changed.services_mode === 'some' && values.service_keys.length === 0)
      form.setFieldValue(
        'service_keys',
        washServices.map((service) => service.key),
      );
    checkDirty();
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = changedFields(initial, current());
    if (Object.keys(body).length === 0) return setDirty(false);
    try {
      const saved = await update.mutateAsync(body);
      restart(toForm(saved));
      putOnlineBooking(queryClient, stationId, saved);
      notify.success(m.saved);
    } catch (error) {
      if (error instanceof ApiError)
        form.setFields(
          Object.entries(error.fields).flatMap(([key, message]) => {
            const name = formFieldOf(key);
            return name === null ? [] : [{ name: name as never, errors: [message] }];
          }),
        );
      notify.error(error, t.saveFailed);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={readOnly}
      onValuesChange={onValuesChange}
      onFinish={() => void save()}
      className="ob-form"
    >
      <Card title={t.formCard}>
        <Form.Item name="enabled" label={t.enabled} valuePropName="checked" extra={t.enabledHelp}>
          <Switch />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t.phone}
          extra={t.phoneHelp}
          normalize={(value: string) => maskPhone(value ?? '')}
          validateTrigger="onBlur"
          rules={[
            {
              // Empty is allowed (no phone on the page); anything typed is a number by the clients' rules.
              validator: async (_, value: string | undefined) => {
                if (value?.trim() && !normalizePhone(value)) throw new Error(clientMessages.phoneInvalid);
              },
            },
          ]}
        >
          <Input
            inputMode="tel"
            type="tel"
            autoComplete="off"
            placeholder={t.phonePlaceholder}
            maxLength={18}
            allowClear
            className="ob-form__phone"
          />
        </Form.Item>
        <Form.Item name="autoaccept" label={t.autoaccept} valuePropName="checked" extra={t.autoacceptHelp}>
          <Switch />
        </Form.Item>
        <div className="ob-form__grid">
          <Form.Item
            name="days_ahead"
            label={t.daysAhead}
            extra={t.daysAheadHelp}
            rules={[range(limits.daysAhead.min, limits.daysAhead.max, m.daysAheadInvalid)]}
          >
            <InputNumber
              min={limits.daysAhead.min}
              max={limits.daysAhead.max}
              precision={0}
              inputMode="numeric"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            name="max_open_per_phone"
            label={t.maxOpen}
            extra={t.maxOpenHelp}
            rules={[range(limits.maxOpenPerPhone.min, limits.maxOpenPerPhone.max, m.maxOpenInvalid)]}
          >
            <InputNumber
              min={limits.maxOpenPerPhone.min}
              max={limits.maxOpenPerPhone.max}
              precision={0}
              inputMode="numeric"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="min_notice_minutes" label={t.minNotice} extra={t.minNoticeHelp}>
            <Select options={noticeOptions(minNotice, t.noLimit)} />
          </Form.Item>
          <Form.Item name="cancel_cutoff_minutes" label={t.cancelCutoff} extra={t.cancelCutoffHelp}>
            <Select options={noticeOptions(cutoff, t.noLimit)} />
          </Form.Item>
        </div>
      </Card>
      <Card title={t.offerCard} style={{ marginTop: 16 }}>
        <Form.Item label={t.tariffs} extra={t.tariffsHelp} required={false}>
          <Form.Item name="tariffs_mode" noStyle>
            <Radio.Group
              options={[
                { value: 'all', label: t.tariffsAll },
                { value: 'some', label: t.tariffsSome },
              ]}
              aria-label={t.tariffs}
            />
          </Form.Item>
          {tariffsMode === 'some' && (
            <div className="ob-form__choices">
              <TariffChecklist tariffs={tariffs} chosen={chosenTariffs} />
            </div>
          )}
        </Form.Item>
        <Form.Item label={t.services} extra={t.servicesHelp} style={{ marginBottom: 0 }}>
          <Form.Item name="services_mode" noStyle>
            <Radio.Group
              options={[
                { value: 'all', label: t.servicesAll },
                { value: 'some', label: t.servicesSome },
              ]}
              aria-label={t.services}
            />
          </Form.Item>
          {servicesMode === 'some' && (
            <div className="ob-form__choices">
              <Form.Item name="service_keys" noStyle>
                <Checkbox.Group
                  className="ob-checklist ob-checklist--columns"
                  options={serviceOptions}
                  aria-label={t.services}
                />
              </Form.Item>
            </div>
          )}
        </Form.Item>
      </Card>
      {!readOnly && <SaveBar dirty={dirty} saving={update.isPending} onReset={() => restart(initial)} />}
    </Form>
  );
}
