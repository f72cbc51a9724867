import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, InputNumber, Skeleton, Tag, Tour, Typography } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import {
  carCategories,
  maxTariffPrice,
  sortCategories,
  tariffMessages as m,
  washServiceName,
  type CarClass,
} from '@crm/shared';
import { RetryAlert } from '../../../components/retry-alert';
import { EmptyState } from '../../../components/empty-state';
import { friendlyMessage } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useViewport } from '../../../lib/use-media-query';
import {
  classRows,
  invalidateStationTariffs,
  useCreateOwnTariff,
  useTariffConfigs,
  useTariffList,
  useUpdateOwnTariffPrices,
} from '../../tariffs';
import {
  starterTariffs,
  type ClassPrices,
  type StarterTariff,
  type StarterTariffCode,
} from '../lib/starter-tariffs';
import {
  saveInSequence,
  sequenceNotice,
  wizardTariffMessages,
  type SequenceResult,
} from '../lib/save-in-sequence';
import { markTourSeen, tourSeen } from '../lib/wizard-storage';
import './wizard-steps.css';

const categories = sortCategories(carCategories);

type Prices = Record<StarterTariffCode, ClassPrices>;
type Ids = Partial<Record<StarterTariffCode, string>>;

const samePrices = (a: ClassPrices | undefined, b: ClassPrices | undefined) =>
  !!a && !!b && categories.every((c) => a[c.Name] === b[c.Name]);

/** A price the owner may save: a whole number of rubles above 0 and within range. */
function priceError(price: number | null): string | null {
  if (price === null) return m.priceRequired;
  if (price <= 0) return m.pricePositive;
  if (price > maxTariffPrice || !Number.isInteger(price)) return m.priceRange;
  return null;
}

interface TariffsStepProps {
  stationId: string;
  /** Back from the first tariff: the wizard's previous step. */
  onBack(): void;
  /** Every tariff saved. */
  onDone(): void;
}

/**
 * Step «Тарифы» (S2 §4 «Wizard», step 1): the three starter tariffs over the six car categories, one at a
 * time. The station's own tariffs of those names are edited; those it lacks are created with the prices
 * typed (the own-tariff API of the tariffs pages). Loads the station's list and configs first.
 */
export function TariffsStep({ stationId, onBack, onDone }: TariffsStepProps) {
  const list = useTariffList(stationId, 'own');
  const matched = useMemo(
    () => starterTariffs.map((t) => list.data?.find((item) => item.name.trim() === t.name) ?? null),
    [list.data],
  );
  const ids = matched.flatMap((item) => (item ? [item.id] : []));
  const configs = useTariffConfigs(stationId, 'own', ids);

  const loaded = list.isSuccess && configs.every((c) => c.isSuccess);
  // What the station had when the step opened. Saving refetches the list (a created tariff joins it, its
  // config loads): the editor keeps its state — typed prices, which failed — instead of a skeleton.
  const [start, setStart] = useState<{ savedIds: Ids; saved: Partial<Prices> } | null>(null);
  if (!start && loaded) {
    const savedIds: Ids = {};
    const saved: Partial<Prices> = {};
    starterTariffs.forEach((t, index) => {
      const item = matched[index];
      const config = item ? configs[ids.indexOf(item.id)]?.data : undefined;
      if (!item || !config) return;
      savedIds[t.code] = item.id;
      const prices = {} as ClassPrices;
      for (const row of classRows(config)) prices[row.carClass] = row.price;
      saved[t.code] = prices;
    });
    setStart({ savedIds, saved });
  }

  if (start)
    return (
      <TariffsEditor
        stationId={stationId}
        savedIds={start.savedIds}
        saved={start.saved}
        onBack={onBack}
        onDone={onDone}
      />
    );
  if (list.isError || configs.some((c) => c.isError)) {
    const error = list.error ?? configs.find((c) => c.isError)?.error;
    return (
      <RetryAlert
        title="Ошибка загрузки тарифов"
        description={friendlyMessage(error)}
        onRetry={() => {
          void list.refetch();
          for (const c of configs) if (c.isError) void c.refetch();
        }}
      />
    );
  }
  if (starterTariffs.length === 0) return <EmptyState title={wizardTariffMessages.none} />;
  return <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />;
}

interface EditorProps extends TariffsStepProps {
  savedIds: Ids;
  saved: Partial<Prices>;
}

function TariffsEditor({ stationId, savedIds, saved: loaded, onBack, onDone }: EditorProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const phone = useViewport() === 'mobile';
  const [index, setIndex] = useState(0);
  const [ids, setIds] = useState<Ids>(savedIds);
  const [saved, setSaved] = useState<Partial<Prices>>(loaded);
  const [prices, setPrices] = useState<Prices>(() => {
    const start = {} as Prices;
    for (const t of starterTariffs) start[t.code] = { ...(loaded[t.code] ?? t.prices) };
    return start;
  });
  const [errors, setErrors] = useState<Partial<Record<CarClass, string>>>({});
  const [result, setResult] = useState<SequenceResult<StarterTariffCode> | null>(null);
  const failed = result?.failed ?? [];
  const [saving, setSaving] = useState(false);
  const [tourOpen, setTourOpen] = useState(() => !tourSeen('tariffs'));
  const tableRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // On a phone the stacked table is taller than the screen: the tour points at its first category.
  const firstRowRef = useRef<HTMLDivElement>(null);

  const create = useCreateOwnTariff(stationId);
  const updaters = {
    express: useUpdateOwnTariffPrices(stationId, ids.express ?? ''),
    complex: useUpdateOwnTariffPrices(stationId, ids.complex ?? ''),
    maximum: useUpdateOwnTariffPrices(stationId, ids.maximum ?? ''),
  };

  const tariff = starterTariffs[index]!;
  const last = index === starterTariffs.length - 1;
  const pending = starterTariffs.filter((t) => !ids[t.code] || !samePrices(prices[t.code], saved[t.code]));

  useEffect(() => {
    setErrors({});
  }, [index]);

  const setPrice = (carClass: CarClass, value: number | null) => {
    setPrices((prev) => ({ ...prev, [tariff.code]: { ...prev[tariff.code], [carClass]: value } }));
    setErrors((prev) => ({ ...prev, [carClass]: undefined }));
  };

  /** The shown tariff's prices, checked; the first wrong one takes the focus. */
  const validate = (t: StarterTariff) => {
    const next: Partial<Record<CarClass, string>> = {};
    for (const c of categories) {
      const error = priceError(prices[t.code][c.Name]);
      if (error) next[c.Name] = error;
    }
    setErrors(next);
    const first = categories.find((c) => next[c.Name]);
    if (first) document.getElementById(inputId(first.Name))?.focus();
    return !first;
  };

  const saveOne = async (code: StarterTariffCode) => {
    const t = starterTariffs.find((s) => s.code === code)!;
    const classToPrice = Object.fromEntries(
      categories.map((c) => [c.Name, prices[code][c.Name] ?? 0]),
    ) as Record<CarClass, number>;
    const id = ids[code];
    if (id) {
      await updaters[code].mutateAsync({ price_active: true, class_to_price: classToPrice });
    } else {
      const answer = await create.mutateAsync({
        tariff_status: true,
        name: t.name,
        main_option: t.include,
        extra_option: t.extras,
        class_to_duration: t.durations,
        class_to_price: classToPrice,
      });
      setIds((prev) => ({ ...prev, [code]: answer.id }));
    }
    setSaved((prev) => ({ ...prev, [code]: { ...prices[code] } }));
  };

  const finish = async () => {
    // Every tariff must be valid before any is saved: a wrong price elsewhere opens that tariff.
    for (const [i, t] of starterTariffs.entries()) {
      if (categories.some((c) => priceError(prices[t.code][c.Name]))) {
        setIndex(i);
        window.setTimeout(() => validate(t));
        return;
      }
    }
    if (pending.length === 0) return onDone();
    setSaving(true);
    const result = await saveInSequence(
      pending.map((t) => t.code),
      saveOne,
    );
    setSaving(false);
    await invalidateStationTariffs(queryClient, stationId);
    setResult(result);
    const notice = sequenceNotice(result);
    if (notice.ok) {
      notify.success(notice.text);
      onDone();
    } else notify.error(notice.text);
  };

  const forward = () => {
    if (!validate(tariff)) return;
    if (last) void finish();
    else setIndex(index + 1);
  };

  const closeTour = () => {
    setTourOpen(false);
    markTourSeen('tariffs');
  };

  const stateOf = (t: StarterTariff) => {
    if (failed.includes(t.code)) return <Tag color="error">Не сохранён</Tag>;
    if (ids[t.code] && samePrices(prices[t.code], saved[t.code]))
      return (
        <Tag color="success" icon={<CheckCircleFilled />}>
          Сохранён
        </Tag>
      );
    return null;
  };

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={phone ? 4 : 3} style={{ marginTop: 0, marginBottom: 4 }}>
          Цены тарифов
        </Typography.Title>
        <Typography.Text type="secondary">
          Мы заполнили цены, обычные для мойки вашего города. Проверьте их и измените, где нужно: клиенты
          увидят их при записи.
        </Typography.Text>
      </div>

      <nav aria-label="Тарифы" className="wizard-tariffs__tabs">
        {starterTariffs.map((t, i) => (
          <button
            key={t.code}
            type="button"
            className={`wizard-tariffs__tab${i === index ? ' wizard-tariffs__tab--current' : ''}`}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => (i < index || validate(tariff) ? setIndex(i) : undefined)}
          >
            <span className="wizard-tariffs__tab-count">
              {i + 1}/{starterTariffs.length}
            </span>
            <span>{t.name}</span>
            {failed.includes(t.code) && (
              <ExclamationCircleFilled className="wizard-tariffs__tab-failed" aria-label="не сохранён" />
            )}
          </button>
        ))}
      </nav>

      {result && failed.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={sequenceNotice(result).text}
          description={`Не сохранены: ${failed
            .map((code) => `«${starterTariffs.find((t) => t.code === code)!.name}»`)
            .join(', ')}. Сохранённые тарифы остались; нажмите «Готово», чтобы повторить только эти.`}
        />
      )}

      <section aria-labelledby="wizard-tariff-name" className="wizard-tariff">
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={4} id="wizard-tariff-name" style={{ margin: 0 }}>
            Тариф «{tariff.name}»
          </Typography.Title>
          {stateOf(tariff)}
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
          {tariff.description}. Входит: {tariff.include.map(washServiceName).join(', ').toLowerCase()}.
        </Typography.Paragraph>
        <div
          ref={tableRef}
          className={`wizard-prices${phone ? ' wizard-prices--stacked' : ''}`}
          role="group"
          aria-label={`Цены тарифа «${tariff.name}»`}
        >
          {!phone && (
            <div className="wizard-prices__row wizard-prices__row--head" aria-hidden="true">
              <span>Категория</span>
              <span>Время</span>
              <span>Цена</span>
            </div>
          )}
          {categories.map((c) => {
            const error = errors[c.Name];
            const id = inputId(c.Name);
            return (
              <div
                key={c.Name}
                ref={c.Name === categories[0]!.Name ? firstRowRef : undefined}
                className="wizard-prices__row"
              >
                <label htmlFor={id} className="wizard-prices__label">
                  <span className="wizard-prices__category">{c.ru_name_full}</span>
                  <span className="wizard-prices__examples">{c.examples}</span>
                </label>
                <span className="wizard-prices__time">{tariff.durations[c.Name]} мин</span>
                <div className="wizard-prices__cell">
                  <InputNumber<number>
                    id={id}
                    aria-label={`${tariff.name}, ${c.ru_name}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    status={error ? 'error' : undefined}
                    value={prices[tariff.code][c.Name]}
                    min={0}
                    max={maxTariffPrice}
                    maxLength={6}
                    precision={0}
                    inputMode="numeric"
                    controls={false}
                    suffix="₽"
                    style={{ width: '100%' }}
                    onChange={(v) => setPrice(c.Name, typeof v === 'number' ? v : null)}
                  />
                  {error && (
                    <span id={`${id}-error`} className="wizard-prices__error">
                      {error}
                    </span>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </section>

      <Flex justify="space-between" gap={8} wrap className="wizard-actions">
        <Button size="large" onClick={() => (index === 0 ? onBack() : setIndex(index - 1))} disabled={saving}>
          Назад
        </Button>
        <Button ref={nextRef} type="primary" size="large" loading={saving} onClick={forward}>
          {last ? 'Готово' : 'Следующий тариф'}
        </Button>
      </Flex>

      <Tour
        open={tourOpen}
        onClose={closeTour}
        onFinish={closeTour}
        steps={[
          {
            title: 'Цены по категориям',
            description:
              'Цена тарифа зависит от размера машины: от 1 категории (мини) до 6 (микроавтобус). Измените любую цену — мы сохраним её, когда вы нажмёте «Готово».',
            target: () => (phone ? firstRowRef.current : tableRef.current)!,
          },
          {
            title: 'Три тарифа по очереди',
            description:
              '«Следующий тариф» откроет следующий из трёх; на последнем кнопка «Готово» сохранит все. Изменить цены можно и потом, в разделе «Тарифы».',
            target: () => nextRef.current!,
          },
        ]}
      />
    </Flex>
  );
}

const inputId = (carClass: CarClass) => `wizard-price-${carClass}`;
