import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, Button, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  carCategories,
  sortCategories,
  tariffMessages as m,
  type AdditionalServices,
  type CarClass,
  type TariffKind,
} from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, friendlyMessage } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useViewport } from '../../../lib/use-media-query';
import { useStationContext } from '../../stations/lib/station-context';
import { useAdditionalServices, useSaveAdditionalServices } from '../api/additional-services';
import {
  cellId,
  cellKey,
  PriceGrid,
  type PriceGridErrors,
  type PriceGridValue,
} from '../components/price-grid';
import { checkGrid, gridValueOf, servicesOf, updateOf } from '../lib/additional-services-form';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import '../../../components/shared-ui.css';
import '../components/tariff-pages.css';
import './additional-services-page.css';
import { PricesHiddenPage, usePricesHidden } from '../components/prices-hidden';

const categories = sortCategories(carCategories);
const classes: CarClass[] = categories.map((c) => c.Name);

/** The server's `price.{class}.{service}` fields as the grid's cell messages. */
function cellErrorsOf(fields: Record<string, string>): PriceGridErrors {
  const errors: PriceGridErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const [head, carClass, service] = key.split('.');
    if (head === 'price' && service && classes.includes(carClass as CarClass))
      errors[cellKey(service, carClass as CarClass)] = message;
  }
  return errors;
}

export const additionalServicesTexts = {
  saved: 'Дополнительные услуги сохранены',
  savedTitle: 'Изменения сохранены',
  readOnlyTitle: 'Только просмотр',
  readOnlyText: 'Цены дополнительных услуг меняют владелец и управляющий сети.',
  ownSubtitle: 'Для собственных тарифов',
  yandexSubtitle: 'Для тарифов Яндекса',
  explain:
    'Включённая услуга предлагается клиентам во всех категориях, кроме отмеченных «не оказывается», — укажите цену для каждой. Выключенная не предлагается, её цены сохраняются.',
  blockedTitle: 'Не все цены указаны',
} as const;
const t = additionalServicesTexts;

/** Own extras at `…/addition_service`, Yandex ones at `…/yandex_addition_service`; the router state may say too. */
function kindOf(pathname: string, state: unknown): TariffKind {
  if (pathname.endsWith('/yandex_addition_service')) return 'yandex';
  if (pathname.endsWith('/addition_service')) return 'own';
  return (state as { isOwnTariff?: unknown } | null)?.isOwnTariff === false ? 'yandex' : 'own';
}

/**
 * `/station/{id}/tariffs/addition_service` and `/station/{id}/tariffs/yandex_addition_service` (S2 §2
 * «Additional services»): per service a station-wide switch and a price per car class. Owners and
 * principals edit; everyone else reads.
 */
export function AdditionalServicesPage() {
  // A worker does not read prices (issue 38): a notice instead of calls answered 403.
  return usePricesHidden() ? <PricesHiddenPage /> : <AdditionalServicesBody />;
}

function AdditionalServicesBody() {
  const { station, canManage } = useStationContext();
  const location = useLocation();
  const kind = kindOf(location.pathname, location.state);
  const phone = useViewport() === 'mobile';
  const query = useAdditionalServices(station.id, kind);
  const back = `/station/${station.id}/tariffs${kind === 'yandex' ? '?tab=yandex' : ''}`;

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} aria-busy="true" />;
  else if (query.isError)
    body = (
      <RetryAlert
        title="Не удалось загрузить дополнительные услуги"
        description={friendlyMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (servicesOf(query.data).length === 0) body = <EmptyState title={m.noAdditionalServices} />;
  else
    body = (
      <ServicesForm
        key={`${station.id}:${kind}`}
        stationId={station.id}
        kind={kind}
        data={query.data}
        readOnly={!canManage}
        phone={phone}
      />
    );

  return (
    <div className={`page-column extras-page${phone ? ' page-column--phone' : ''}`}>
      <Link to={back} className="tariff-page__back">
        <ArrowLeftOutlined aria-hidden="true" /> Тарифы
      </Link>
      <header className="extras-page__head">
        <PageTitle title={m.additionalServicesTitle} station={station.name} stacked={phone} />
        <p className="extras-page__subtitle">{kind === 'yandex' ? t.yandexSubtitle : t.ownSubtitle}</p>
      </header>
      {!canManage && <Alert type="info" showIcon title={t.readOnlyTitle} description={t.readOnlyText} />}
      {body}
    </div>
  );
}

interface ServicesFormProps {
  stationId: string;
  kind: TariffKind;
  data: AdditionalServices;
  readOnly: boolean;
  phone: boolean;
}

function ServicesForm({ stationId, kind, data, readOnly, phone }: ServicesFormProps) {
  const notify = useNotify();
  const save = useSaveAdditionalServices(stationId, kind);
  const services = useMemo(() => servicesOf(data), [data]);
  const [saved, setSaved] = useState<PriceGridValue>(() => gridValueOf(data, services));
  const [value, setValue] = useState<PriceGridValue>(saved);
  const [errors, setErrors] = useState<PriceGridErrors>({});
  const [blocked, setBlocked] = useState<string[]>([]);
  const dirty = useMemo(() => JSON.stringify(value) !== JSON.stringify(saved), [value, saved]);
  useLeaveGuard(dirty && !readOnly);

  const clearCell = (key: string) =>
    setErrors((prev) => {
      if (!(key in prev)) return prev;
      const next = { ...prev };
      delete next[key];
      return next;
    });

  const onToggle = (service: string, active: boolean) => {
    setValue((prev) => ({ ...prev, [service]: { ...prev[service]!, active } }));
    // Switching a service off removes its «Введите цену»; the rest is checked again on save.
    if (!active) for (const c of classes) clearCell(cellKey(service, c));
    setBlocked([]);
  };
  const onPrice = (service: string, carClass: CarClass, price: number | null) => {
    setValue((prev) => ({
      ...prev,
      [service]: { ...prev[service]!, prices: { ...prev[service]!.prices, [carClass]: price } },
    }));
    clearCell(cellKey(service, carClass));
    setBlocked([]);
  };

  const submit = async () => {
    const check = checkGrid(value, services, classes);
    setErrors(check.errors);
    setBlocked(check.blocked);
    if (check.first) {
      document.getElementById(cellId(check.first.service, check.first.carClass))?.focus();
      return;
    }
    try {
      const answer = await save.mutateAsync(updateOf(value, classes));
      const next = gridValueOf(answer, services);
      setSaved(next);
      setValue(next);
      notify.success(t.savedTitle, t.saved);
    } catch (error) {
      // 400 «Для услуги "…" необходимо указать цены больше нуля»: the server's word for the same rule.
      if (error instanceof ApiError && error.status === 400) {
        setBlocked([error.message]);
        setErrors(cellErrorsOf(error.fields));
      }
      notify.error(error, m.extrasSaveFailed);
    }
  };

  const reset = () => {
    setValue(saved);
    setErrors({});
    setBlocked([]);
  };

  return (
    <form
      className="extras-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) void submit();
      }}
    >
      <p className="extras-form__explain">{t.explain}</p>
      {blocked.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t.blockedTitle}
          description={
            <ul className="extras-form__blocked">
              {blocked.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          }
        />
      )}
      <PriceGrid
        services={services}
        categories={categories}
        value={value}
        errors={errors}
        readOnly={readOnly}
        layout={phone ? 'cards' : 'table'}
        onToggle={onToggle}
        onPrice={onPrice}
      />
      {!readOnly && (
        <div className={`extras-form__actions${phone ? ' extras-form__actions--phone' : ''}`}>
          {dirty && <span className="extras-form__dirty">Есть несохранённые изменения</span>}
          <Button onClick={reset} disabled={!dirty || save.isPending}>
            Отменить изменения
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty}>
            Сохранить
          </Button>
        </div>
      )}
    </form>
  );
}
