import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Flex, Skeleton, Tour, Typography } from 'antd';
import { carCategories, sortCategories, type AdditionalServices, type CarClass } from '@crm/shared';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, friendlyMessage } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useViewport } from '../../../lib/use-media-query';
import {
  cellId,
  cellKey,
  gridValueOf,
  PriceGrid,
  servicesOf,
  updateOf,
  useAdditionalServices,
  useSaveAdditionalServices,
  type PriceGridErrors,
  type PriceGridValue,
} from '../../tariffs';
import { checkWizardServices, starterServices, strict, wizardServicesError } from '../lib/wizard-services';
import { markTourSeen, tourSeen } from '../lib/wizard-storage';
import './wizard-steps.css';

const categories = sortCategories(carCategories);
const classes: CarClass[] = categories.map((c) => c.Name);

interface ServicesStepProps {
  stationId: string;
  onBack(): void;
  onDone(): void;
}

/**
 * Step «Услуги» (S2 §4 «Wizard», step 2): the station's own additional services with a price per car
 * category — the services page's grid under the wizard's stricter rule (S2 §5). A station without any
 * starts from the starter set. Validates, saves, moves on.
 */
export function ServicesStep({ stationId, onBack, onDone }: ServicesStepProps) {
  const query = useAdditionalServices(stationId, 'own');
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />;
  if (query.isError)
    return (
      <RetryAlert
        title="Не удалось загрузить дополнительные услуги"
        description={friendlyMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return <ServicesForm stationId={stationId} data={query.data} onBack={onBack} onDone={onDone} />;
}

function ServicesForm({ stationId, data, onBack, onDone }: ServicesStepProps & { data: AdditionalServices }) {
  const notify = useNotify();
  const phone = useViewport() === 'mobile';
  const save = useSaveAdditionalServices(stationId, 'own');
  const start = useMemo(() => {
    const saved = servicesOf(data);
    if (saved.length === 0) return starterServices();
    return { services: saved, value: gridValueOf(data, saved) };
  }, [data]);
  const services = start.services;
  const [value, setValue] = useState<PriceGridValue>(start.value);
  const [errors, setErrors] = useState<PriceGridErrors>({});
  const [blocked, setBlocked] = useState<string[]>([]);
  const [tourOpen, setTourOpen] = useState(() => !tourSeen('services'));
  const gridRef = useRef<HTMLDivElement>(null);

  const clearCell = (key: string) =>
    setErrors((prev) => {
      if (!(key in prev)) return prev;
      const next = { ...prev };
      delete next[key];
      return next;
    });

  const onToggle = (service: string, active: boolean) => {
    setValue((prev) => ({ ...prev, [service]: { ...prev[service]!, active } }));
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
    const check = checkWizardServices(value, services, classes);
    setErrors(check.errors);
    setBlocked(check.blocked);
    if (check.first) {
      document.getElementById(cellId(check.first.service, check.first.carClass))?.focus();
      return;
    }
    try {
      await save.mutateAsync(updateOf(strict(value), classes));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setBlocked([error.message]);
      notify.error(error, wizardServicesError);
    }
  };

  const closeTour = () => {
    setTourOpen(false);
    markTourSeen('services');
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Flex vertical gap={16}>
        <div>
          <Typography.Title level={phone ? 4 : 3} style={{ marginTop: 0, marginBottom: 4 }}>
            Дополнительные услуги
          </Typography.Title>
          <Typography.Text type="secondary">
            Их клиент добавляет к тарифу. Включённая услуга предлагается во всех категориях — укажите цену
            больше нуля для каждой; ненужную выключите.
          </Typography.Text>
        </div>
        {blocked.length > 0 && (
          <Alert
            type="error"
            showIcon
            title="Не все цены указаны"
            description={
              <ul className="wizard-blocked">
                {blocked.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            }
          />
        )}
        <div ref={gridRef}>
          <PriceGrid
            services={services}
            categories={categories}
            value={value}
            errors={errors}
            layout={phone ? 'cards' : 'table'}
            onToggle={onToggle}
            onPrice={onPrice}
          />
        </div>
        <Flex justify="space-between" gap={8} wrap className="wizard-actions">
          <Button size="large" onClick={onBack} disabled={save.isPending}>
            Назад
          </Button>
          <Button type="primary" size="large" htmlType="submit" loading={save.isPending}>
            Сохранить и продолжить
          </Button>
        </Flex>
      </Flex>
      <Tour
        open={tourOpen}
        onClose={closeTour}
        onFinish={closeTour}
        steps={[
          {
            title: 'Услуги и их цены',
            description:
              'Переключатель включает услугу на станции. У включённой услуги должна быть цена больше нуля в каждой категории — иначе шаг не сохранится, а пустые цены подсветятся.',
            // On a phone the cards are taller than the screen: the tour points at the first service.
            target: () =>
              ((phone ? gridRef.current?.querySelector<HTMLElement>('.price-card') : null) ??
                gridRef.current)!,
          },
        ]}
      />
    </form>
  );
}
