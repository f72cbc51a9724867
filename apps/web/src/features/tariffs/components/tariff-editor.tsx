import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  carClassLabels,
  maxTariffDuration,
  maxTariffNameLength,
  maxTariffPrice,
  switchesOffLastProviderTariff,
  tariffMessages,
  washServices,
  type TariffConfig,
  type TariffKind,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { tariffConfigQuery } from '../api/tariff-config';
import { invalidateStationTariffs, type TariffListItem } from '../api/tariff-list';
import { useUpdateOwnTariff } from '../api/update-own-tariff';
import { useUpdateOwnTariffPrices } from '../api/update-own-tariff-prices';
import { useUpdateProviderTariff } from '../api/update-provider-tariff';
import {
  fieldPath,
  formFieldKey,
  formValuesOf,
  ownTariffBodies,
  providerTariffBody,
  serviceListsOf,
  type ServiceLists,
  type TariffFormValues,
} from '../lib/tariff-edit-form';
import { categoryName, orderedClasses, serviceName } from '../lib/tariff-view';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import { ServiceListEditor } from './service-list-editor';

interface TariffEditorProps {
  stationId: string;
  kind: TariffKind;
  config: TariffConfig;
  /** The station's Yandex tariffs, for «Нельзя выключить все Яндекс тарифы» before any call. */
  providerTariffs: readonly TariffListItem[];
  onDone(): void;
}

type ServiceErrors = Partial<Record<'main' | 'extra', string>>;

/**
 * The edit form of the tariff page (S2 §4, §5, §6). Own tariffs: name, status, included and extra
 * services, prices with price_active, durations — saved by update_tariff, then update_includes. Yandex
 * tariffs: status, prices and durations only, in one call.
 */
export function TariffEditor({ stationId, kind, config, providerTariffs, onDone }: TariffEditorProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TariffFormValues>();
  const before = useMemo(() => formValuesOf(config), [config]);
  const [services, setServices] = useState<ServiceLists>(() => serviceListsOf(config));
  const [serviceErrors, setServiceErrors] = useState<ServiceErrors>({});
  const tariffId = config.price.id;
  const updateOwn = useUpdateOwnTariff(stationId, tariffId);
  const updatePrices = useUpdateOwnTariffPrices(stationId, tariffId);
  const updateProvider = useUpdateProviderTariff(stationId);
  const pending = updateOwn.isPending || updatePrices.isPending || updateProvider.isPending;
  const own = kind === 'own';

  const nameOf = (key: string) => serviceName(config, key);
  const used = new Set([...services.main, ...services.extra].filter((s) => !s.removed).map((s) => s.key));
  const options = [...new Set([...washServices.map((s) => s.key), ...Object.keys(config.ru_services_names)])]
    .filter((key) => !used.has(key))
    .map((key) => ({ value: key, label: nameOf(key) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'ru'));

  const showFields = (fields: Record<string, string>) => {
    const errors: ServiceErrors = {};
    const formFields = [];
    for (const [key, message] of Object.entries(fields)) {
      const field = formFieldKey(key);
      if (field.startsWith('main_option')) errors.main ??= message;
      else if (field.startsWith('extra_option')) errors.extra ??= message;
      else formFields.push({ name: fieldPath(field) as never, errors: [message] });
    }
    setServiceErrors(errors);
    form.setFields(formFields);
  };

  const changeServices = (next: ServiceLists) => {
    setServices(next);
    setServiceErrors({});
  };

  const finish = async (saved: TariffConfig | undefined, message: string) => {
    if (saved?.price) queryClient.setQueryData(tariffConfigQuery(stationId, kind, tariffId).queryKey, saved);
    // The lists, the order form's configs and the history: the next order takes the new price at once.
    await invalidateStationTariffs(queryClient, stationId);
    notify.success(message);
    onDone();
  };

  const saveOwn = async (values: TariffFormValues) => {
    const checked = ownTariffBodies(values, services, before);
    if (!checked.ok) return showFields(checked.fields);
    try {
      await updateOwn.mutateAsync(checked.body.tariff);
    } catch (error) {
      if (error instanceof ApiError) showFields(error.fields);
      notify.error(tariffMessages.updateFailed);
      return;
    }
    let saved: TariffConfig;
    try {
      saved = await updatePrices.mutateAsync(checked.body.prices);
    } catch (error) {
      if (error instanceof ApiError) showFields(error.fields);
      // The first half is saved: the page shows it while the prices stay in the form to try again.
      void invalidateStationTariffs(queryClient, stationId);
      notify.error(tariffMessages.pricesUpdateFailed);
      return;
    }
    await finish(saved, tariffMessages.updated);
  };

  const saveProvider = async (values: TariffFormValues) => {
    if (switchesOffLastProviderTariff(providerTariffs, tariffId, values.active)) {
      form.setFields([{ name: 'active', errors: [tariffMessages.lastProviderTariff] }]);
      notify.warning(tariffMessages.lastProviderTariff);
      return;
    }
    const checked = providerTariffBody(tariffId, values, before);
    if (!checked.ok) return showFields(checked.fields);
    try {
      const saved = await updateProvider.mutateAsync(checked.body);
      await finish(saved, tariffMessages.saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        form.setFields([{ name: 'active', errors: [error.message || tariffMessages.lastProviderTariff] }]);
        notify.warning(error.message || tariffMessages.lastProviderTariff);
        return;
      }
      if (error instanceof ApiError) showFields(error.fields);
      notify.error(tariffMessages.saveFailed);
    }
  };

  const submit = (values: TariffFormValues) => {
    const all = { ...before, ...(form.getFieldsValue(true) as TariffFormValues), ...values };
    void (own ? saveOwn(all) : saveProvider(all));
  };

  return (
    <Form<TariffFormValues>
      form={form}
      layout="vertical"
      className="tariff-editor"
      initialValues={before}
      onFinish={submit}
      disabled={pending}
    >
      <section className="tariff-detail__section" aria-label="Основное">
        {own && (
          <Form.Item name="name" label={t.name} className="tariff-editor__name">
            <Input maxLength={maxTariffNameLength} autoComplete="off" />
          </Form.Item>
        )}
        <div className="tariff-editor__switches">
          <Form.Item name="active" label={t.status} valuePropName="checked">
            <Switch checkedChildren={t.active} unCheckedChildren={t.inactive} />
          </Form.Item>
          {own && (
            <Form.Item
              name="price_active"
              label={t.priceActive}
              valuePropName="checked"
              tooltip={t.priceActiveHelp}
            >
              <Switch />
            </Form.Item>
          )}
        </div>
        {!own && <p className="tariff-card__muted">{t.providerHint}</p>}
      </section>

      {own && (
        <section className="tariff-detail__section tariff-editor__services" aria-label="Услуги">
          <ServiceListEditor
            label={t.mainServices}
            services={services.main}
            options={options}
            nameOf={nameOf}
            error={serviceErrors.main}
            onChange={(main) => changeServices({ ...services, main })}
          />
          <ServiceListEditor
            label={t.extraServices}
            services={services.extra}
            options={options}
            nameOf={nameOf}
            error={serviceErrors.extra}
            onChange={(extra) => changeServices({ ...services, extra })}
          />
        </section>
      )}

      <section className="tariff-detail__section" aria-labelledby="tariff-editor-prices">
        <h2 id="tariff-editor-prices" className="tariff-detail__title">
          {t.pricesCaption}
        </h2>
        <div className="tariff-editor__grid" role="group" aria-labelledby="tariff-editor-prices">
          {orderedClasses.map((carClass) => {
            const category = categoryName(carClass);
            const label = config.cars[carClass] ?? carClassLabels[carClass];
            return (
              <div key={carClass} className="tariff-editor__class">
                <div className="tariff-editor__category">
                  <span className="tariff-table__category">{category}</span>
                  <span className="tariff-table__class">{label}</span>
                </div>
                <Form.Item name={['prices', carClass]} label={t.priceRub} className="tariff-editor__field">
                  <InputNumber
                    min={0}
                    max={maxTariffPrice}
                    maxLength={5}
                    precision={0}
                    step={50}
                    inputMode="numeric"
                    aria-label={`${t.priceRub}: ${category}`}
                    className="tariff-editor__number"
                  />
                </Form.Item>
                <Form.Item
                  name={['durations', carClass]}
                  label={t.durationMin}
                  className="tariff-editor__field"
                >
                  <InputNumber
                    min={0}
                    max={maxTariffDuration}
                    precision={0}
                    step={5}
                    inputMode="numeric"
                    aria-label={`${t.durationMin}: ${category}`}
                    className="tariff-editor__number"
                  />
                </Form.Item>
              </div>
            );
          })}
        </div>
      </section>

      <div className="tariff-actions">
        <Button onClick={onDone}>{t.cancel}</Button>
        <Button type="primary" htmlType="submit" loading={pending}>
          {t.save}
        </Button>
      </div>
    </Form>
  );
}
