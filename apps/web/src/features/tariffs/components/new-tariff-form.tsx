import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Form, Input, InputNumber, Steps } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import {
  categoryOf,
  maxTariffDuration,
  maxTariffNameLength,
  maxTariffPrice,
  sortCategories,
  tariffMessages as m,
  type OwnTariffInit,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useCreateOwnTariff } from '../api/own-tariff-create';
import {
  createBodyOf,
  draftOf,
  fieldPathOf,
  onFirstStep,
  valuesOf,
  withDefaultDurations,
  type FieldPath,
  type NewTariffValues,
} from '../lib/new-tariff-form';
import { clearDraft, saveDraft, type DraftStep, type TariffDraft } from '../lib/tariff-draft';
import { ServiceChecklist } from './service-checklist';

export const newTariffFormTexts = {
  steps: ['Услуги', 'Цены и время'],
  name: 'Название тарифа',
  namePlaceholder: 'Например, Комплекс',
  main: 'Основные услуги',
  mainHint: 'Входят в стоимость тарифа',
  extra: 'Дополнительные услуги',
  extraHint: 'Клиент может добавить их к тарифу за отдельную плату',
  noExtras: 'Все услуги уже выбраны основными',
  pricesIntro: 'Укажите стоимость и длительность тарифа для каждой категории автомобиля.',
  extrasHint: 'Цены дополнительных услуг задаются для всей станции на странице',
  extrasLink: 'Настройка дополнительных услуг',
  price: 'Стоимость',
  duration: 'Длительность',
  durationTooLong: `Длительность не должна превышать ${maxTariffDuration} мин`,
  next: 'Далее',
  create: 'Создать тариф',
  back: 'Назад',
  saveDraft: 'Сохранить черновик',
  draftSaved: 'Черновик сохранён',
  draftSavedText: 'Продолжить можно позже: черновик откроется на этой странице.',
  draftNotSaved: 'Не удалось сохранить черновик в браузере',
} as const;
const t = newTariffFormTexts;

interface NewTariffFormProps {
  stationId: string;
  init: OwnTariffInit;
  /** The draft to continue, or an empty one. */
  start: TariffDraft;
  phone: boolean;
  onCreated(): void;
}

/** The two steps of S2 §2 «/tariffs/new»; every change is written to the station's draft (S2 §4). */
export function NewTariffForm({ stationId, init, start, phone, onCreated }: NewTariffFormProps) {
  const [form] = Form.useForm<NewTariffValues>();
  const notify = useNotify();
  const create = useCreateOwnTariff(stationId);
  const categories = useMemo(() => sortCategories(init.car_category), [init.car_category]);
  const classes = useMemo(() => categories.map((c) => c.Name), [categories]);
  const services = useMemo(() => init.base_services.map((s) => ({ id: s.id, name: s.name_ru })), [init]);
  const known = useMemo(() => new Set(services.map((s) => s.id)), [services]);
  const initial = useMemo(() => {
    const values = valuesOf(start);
    // A service the station no longer offers is dropped from a continued draft.
    return {
      ...values,
      includeService: values.includeService.filter((id) => known.has(id)),
      additionService: values.additionService.filter((id) => known.has(id)),
    };
  }, [start, known]);
  const [step, setStep] = useState<DraftStep>(start.step);
  const included = Form.useWatch('includeService', form) ?? initial.includeService;
  const extraOptions = services.filter((s) => !included.includes(s.id));

  const persist = (atStep: DraftStep) => saveDraft(stationId, draftOf(form.getFieldsValue(true), atStep));

  // Each step starts at its heading, so a keyboard or screen-reader user knows where they are.
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headings.current[step]?.focus();
    moved.current = true;
  }, [step]);

  const goTo = (next: DraftStep) => {
    setStep(next);
    persist(next);
  };

  // Both steps stay mounted (the other one hidden), so a message set on a field of the other step waits there.
  const showFields = (fields: [FieldPath, string][]) => {
    form.setFields(fields.map(([name, message]) => ({ name: name as never, errors: [message] })));
    const target: DraftStep = fields.some(([path]) => onFirstStep(path)) ? 0 : 1;
    if (target !== step) goTo(target);
  };

  const next = async () => {
    try {
      await form.validateFields(['name', 'includeService']);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true);
    form.setFieldValue(
      'pricing',
      withDefaultDurations(values.pricing ?? {}, classes, values.includeService ?? []),
    );
    goTo(1);
  };

  const submit = async () => {
    try {
      await form.validateFields(
        classes.flatMap((c) => [
          ['pricing', c, 'basePrice'],
          ['pricing', c, 'duration'],
        ]),
      );
    } catch {
      return;
    }
    const checked = createBodyOf(form.getFieldsValue(true), classes);
    if (!checked.ok) return showFields(checked.fields);
    try {
      await create.mutateAsync(checked.body);
      clearDraft(stationId);
      notify.success(m.created);
      onCreated();
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = Object.entries(error.fields).flatMap(([key, message]): [FieldPath, string][] => {
          const path = fieldPathOf(key);
          return path ? [[path, message]] : [];
        });
        // 409: the station has a tariff of that name already.
        if (error.status === 409) fields.push([['name'], error.message]);
        if (fields.length > 0) showFields(fields);
      }
      notify.error(error, m.createFailed);
    }
  };

  const saveNow = () => {
    if (persist(step)) notify.info(t.draftSaved, t.draftSavedText);
    else notify.warning(t.draftNotSaved);
  };

  return (
    <div className="new-tariff__body">
      <Steps
        className="new-tariff__steps"
        current={step}
        size="small"
        responsive={false}
        items={t.steps.map((title) => ({ title }))}
      />
      <Form<NewTariffValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initial}
        scrollToFirstError={{ block: 'center', focus: true }}
        onValuesChange={(changed: Partial<NewTariffValues>) => {
          if (changed.includeService) {
            const extras = (form.getFieldValue('additionService') as string[] | undefined) ?? [];
            const kept = extras.filter((id) => !changed.includeService!.includes(id));
            if (kept.length !== extras.length) form.setFieldValue('additionService', kept);
          }
          persist(step);
        }}
        className="new-tariff__form"
      >
        <section className="new-tariff__step" aria-labelledby="new-tariff-step-1" hidden={step !== 0}>
          <h2
            id="new-tariff-step-1"
            ref={(el) => {
              headings.current[0] = el;
            }}
            tabIndex={-1}
            className="new-tariff__step-title"
          >
            Шаг 1 из 2. {t.steps[0]}
          </h2>
          <Form.Item
            name="name"
            label={t.name}
            required
            rules={[
              { required: true, whitespace: true, message: m.nameRequired },
              { max: maxTariffNameLength, message: m.nameTooLong },
            ]}
          >
            <Input
              placeholder={t.namePlaceholder}
              maxLength={maxTariffNameLength}
              autoComplete="off"
              onPressEnter={() => void next()}
            />
          </Form.Item>
          <Form.Item
            name="includeService"
            label={t.main}
            extra={t.mainHint}
            required
            rules={[{ type: 'array', required: true, min: 1, message: m.mainServiceRequired }]}
          >
            <ServiceChecklist options={services} label={t.main} />
          </Form.Item>
          <Form.Item name="additionService" label={t.extra} extra={t.extraHint}>
            <ServiceChecklist options={extraOptions} label={t.extra} emptyText={t.noExtras} />
          </Form.Item>
        </section>
        <section className="new-tariff__step" aria-labelledby="new-tariff-step-2" hidden={step !== 1}>
          <h2
            id="new-tariff-step-2"
            ref={(el) => {
              headings.current[1] = el;
            }}
            tabIndex={-1}
            className="new-tariff__step-title"
          >
            Шаг 2 из 2. {t.steps[1]}
          </h2>
          <p className="new-tariff__muted">{t.pricesIntro}</p>
          <Alert
            type="info"
            showIcon
            icon={<InfoCircleOutlined />}
            title={
              <span>
                {t.extrasHint}{' '}
                <Link to={`/station/${stationId}/tariffs/addition_service`} state={{ isOwnTariff: true }}>
                  «{t.extrasLink}»
                </Link>
                .
              </span>
            }
          />
          <div className="new-tariff__categories">
            {categories.map((category) => (
              <fieldset key={category.Name} className="new-tariff__category">
                <legend className="new-tariff__category-title">{category.ru_name_full}</legend>
                <p className="new-tariff__category-hint">
                  Например: {categoryOf(category.Name)?.examples ?? category.ru_name}
                </p>
                <div className="new-tariff__category-fields">
                  <Form.Item
                    name={['pricing', category.Name, 'basePrice']}
                    label={t.price}
                    required
                    rules={[
                      { required: true, message: m.priceRequired },
                      {
                        validator: async (_, v: number | null | undefined) => {
                          if (v == null) return;
                          if (v <= 0) throw new Error(m.pricePositive);
                          if (v > maxTariffPrice) throw new Error(m.priceRange);
                        },
                      },
                    ]}
                  >
                    <InputNumber<number>
                      aria-label={`${t.price}, ${category.ru_name}`}
                      precision={0}
                      inputMode="numeric"
                      controls={false}
                      suffix="₽"
                      className="new-tariff__number"
                    />
                  </Form.Item>
                  <Form.Item
                    name={['pricing', category.Name, 'duration']}
                    label={t.duration}
                    required
                    rules={[
                      { required: true, message: m.durationRequired },
                      {
                        validator: async (_, v: number | null | undefined) => {
                          if (v == null) return;
                          if (v <= 0) throw new Error(m.durationPositive);
                          if (v > maxTariffDuration) throw new Error(t.durationTooLong);
                        },
                      },
                    ]}
                  >
                    <InputNumber<number>
                      aria-label={`${t.duration}, ${category.ru_name}`}
                      precision={0}
                      inputMode="numeric"
                      controls={false}
                      suffix="мин"
                      className="new-tariff__number"
                    />
                  </Form.Item>
                </div>
              </fieldset>
            ))}
          </div>
        </section>
        <div className={`new-tariff__actions${phone ? ' new-tariff__actions--phone' : ''}`}>
          {step === 1 && (
            <Button onClick={() => goTo(0)} disabled={create.isPending}>
              {t.back}
            </Button>
          )}
          <Button onClick={saveNow} disabled={create.isPending}>
            {t.saveDraft}
          </Button>
          {/* Not a submit: antd would validate the hidden step's fields too before calling onFinish. */}
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => void (step === 0 ? next() : submit())}
          >
            {step === 0 ? t.next : t.create}
          </Button>
        </div>
      </Form>
    </div>
  );
}
