import { useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'antd';
import {
  offeredExtras,
  orderCreateSchema,
  orderMessages,
  orderPrice,
  orderUpdateSchema,
  type CarModel,
  type Driver,
  type OrderCreate,
  type Station,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import type { TimeRange } from '../../../components/time-range-picker';
import { useCarCollection, useTariffConfig } from '../api/catalog';
import { fieldErrors, formToPayload, type OrderFormValues } from './order-form-values';
import { addMinutes, rangeMinutes, roundUpToSlot } from './order-time';

export type OrderFormMode = 'new' | 'edit';

interface Options {
  station: Station;
  mode: OrderFormMode;
  /** The edit form starts with the order's own total and end: both count as chosen by a person. */
  startsChosen: boolean;
  /** The order's total was typed by staff (`sum_manual`). */
  totalManual?: boolean;
  /** The range the form starts with, to tell which end a person moves. */
  initialTime: TimeRange | undefined;
}

/** The brand key of the collection for what was typed, ignoring case. */
export function findBrand(collection: Record<string, CarModel[]> | undefined, brand: string) {
  if (!collection || !brand.trim()) return undefined;
  const wanted = brand.trim().toLowerCase();
  return Object.keys(collection).find((b) => b.toLowerCase() === wanted);
}

export function findModel(collection: Record<string, CarModel[]> | undefined, brand: string, model: string) {
  const key = findBrand(collection, brand);
  if (!key || !model.trim()) return undefined;
  const wanted = model.trim().toLowerCase();
  return collection![key]!.find((m) => m.model.toLowerCase() === wanted);
}

/**
 * The state of the new and edit order forms: price and duration follow the tariff, category and extras
 * (shared `orderPrice`, S1 §5) until a person types a total or moves the end; the brand and model fill
 * and clear the car's class, body type and category; submit builds the S1 §3 body or shows why not.
 */
export function useOrderForm({
  station,
  mode,
  startsChosen,
  totalManual: sumManual = false,
  initialTime,
}: Options) {
  const [form] = Form.useForm<OrderFormValues>();
  const notify = useNotify();
  const cars = useCarCollection();
  const collection = cars.data?.collection;
  const [totalManual, setTotalManual] = useState(sumManual);
  const [endManual, setEndManual] = useState(startsChosen);
  // Bumped by every change that moves the price; the effect below applies it once the tariff is loaded.
  const [recalc, setRecalc] = useState(0);
  const lastTime = useRef<TimeRange | undefined>(initialTime);
  // The picked client: their discount prices the order (the server applies it, the form previews it).
  const [driver, setDriver] = useState<Driver | null>(null);

  const tariffId = Form.useWatch('tariffId', form);
  const category = Form.useWatch('category', form);
  const watchedExtras = Form.useWatch('extras', form);
  const extras = useMemo(() => watchedExtras ?? [], [watchedExtras]);
  const tariff = useTariffConfig(station.id, tariffId);
  const config = tariff.data;
  const offered = useMemo(
    () => (config && category ? offeredExtras(config, category) : []),
    [config, category],
  );
  const price = useMemo(
    () => (config && category ? orderPrice(config, category, extras) : null),
    [config, category, extras],
  );

  useEffect(() => {
    if (!recalc || !config) return;
    const values = form.getFieldsValue(true) as OrderFormValues;
    if (!values.category) return;
    // Extras the new tariff or category does not offer are dropped.
    const allowed = offeredExtras(config, values.category);
    const kept = values.extras.filter((k) => allowed.includes(k));
    if (kept.length !== values.extras.length) form.setFieldValue('extras', kept);
    const next = orderPrice(config, values.category, kept);
    if (!next) return;
    if (!totalManual) form.setFieldValue('total', next.totalAmount);
    if (!endManual && values.time?.start) {
      const end = addMinutes(
        values.time.start,
        roundUpToSlot(next.totalDurationMinutes, station.slot_duration),
      );
      const time = { start: values.time.start, end };
      form.setFieldValue('time', time);
      lastTime.current = time;
    }
    // Only a new bump or a newly loaded tariff recalculates; the manual flags are read as they are now.
  }, [recalc, config]); // eslint-disable-line react-hooks/exhaustive-deps

  const fillFromModel = (brand: string, model: string) => {
    const found = findModel(collection, brand, model);
    if (!found) {
      form.setFieldValue('modelId', undefined);
      return;
    }
    form.setFieldsValue({
      modelId: found.id,
      carClass: found.class,
      bodyType: found.ru_body_name || found.kuzov,
      category: found.category,
    });
    form.setFields([{ name: 'category', errors: [] }]);
    setRecalc((n) => n + 1);
  };

  // A model typed before the car list came (a slow phone) is looked up once it has; an order's own
  // saved car, untouched, keeps its category.
  useEffect(() => {
    if (!collection || !form.isFieldTouched('model')) return;
    const { brand, model, modelId } = form.getFieldsValue(true) as OrderFormValues;
    if (brand && model && !modelId) fillFromModel(brand, model);
  }, [collection]); // eslint-disable-line react-hooks/exhaustive-deps

  const onValuesChange = (changed: Partial<OrderFormValues>, all: OrderFormValues) => {
    if ('brand' in changed) {
      // A new brand invalidates everything the old model said about the car (S1 §5).
      form.setFieldsValue({
        model: '',
        modelId: undefined,
        carClass: undefined,
        bodyType: '',
        category: undefined,
      });
      setRecalc((n) => n + 1);
    }
    if ('model' in changed) fillFromModel(all.brand, changed.model ?? '');
    if ('category' in changed) {
      form.setFieldValue('carClass', changed.category);
      setRecalc((n) => n + 1);
    }
    if ('tariffId' in changed || 'extras' in changed) setRecalc((n) => n + 1);
    if ('total' in changed) setTotalManual(true);
    if ('driverId' in changed && !changed.driverId) setDriver(null);
    if ('time' in changed && changed.time) onTimeChange(changed.time);
  };

  const onTimeChange = (time: TimeRange) => {
    const prev = lastTime.current;
    lastTime.current = time;
    form.setFields([{ name: 'time', errors: [] }]);
    if (!prev || time.start === prev.start) {
      if (prev && time.end !== prev.end) setEndManual(true);
      return;
    }
    // The start moved: the end follows, keeping the length, unless a person chose an end that still fits.
    const length = prev.start && prev.end ? rangeMinutes(prev.start, prev.end) : 0;
    const keepEnd = endManual && time.end && rangeMinutes(time.start, time.end) > 0;
    if (!keepEnd && time.start && length > 0) {
      const next = { start: time.start, end: addMinutes(time.start, length) };
      form.setFieldValue('time', next);
      lastTime.current = next;
    }
  };

  /** A client picked in the client picker: their phone, discount and car (the first, or the one named). */
  const applyDriver = (driver: Driver, carIndex = 0) => {
    setDriver(driver);
    const car = driver.cars[carIndex] ?? driver.cars[0];
    form.setFieldsValue({ driverId: driver.id, phone: driver.phone });
    if (car) {
      const brand = findBrand(collection, car.brand) ?? car.brand;
      const model = findModel(collection, brand, car.model)?.model ?? car.model;
      form.setFieldsValue({ brand, model, plate: car.plate_number ?? form.getFieldValue('plate') });
      fillFromModel(brand, model);
    }
  };

  const resetTotal = () => {
    setTotalManual(false);
    if (price) form.setFieldValue('total', price.totalAmount);
  };

  const showFieldErrors = (fields: Record<string, string>) => {
    const mapped = fieldErrors(fields);
    form.setFields(
      Object.entries(mapped).map(([name, message]) => ({ name: name as never, errors: [message] })),
    );
    return Object.keys(mapped).length > 0;
  };

  /** The checked body, or null after showing why it cannot be sent; `validated`: the fields were just checked. */
  const buildBody = async (validated = false): Promise<OrderCreate | null> => {
    try {
      if (!validated) await form.validateFields();
    } catch {
      const values = form.getFieldsValue(true) as OrderFormValues;
      if (!values.date || !values.time?.start || !values.time?.end)
        notify.warning(orderMessages.dateTimeRequired);
      return null;
    }
    const values = form.getFieldsValue(true) as OrderFormValues;
    const result = formToPayload(values, {
      timeZone: station.time_zone,
      slotDuration: station.slot_duration,
      config,
    });
    if (!result.ok) {
      if (result.field) form.setFields([{ name: result.field, errors: [result.message] }]);
      notify.warning(result.message);
      return null;
    }
    const checked = (mode === 'new' ? orderCreateSchema : orderUpdateSchema).safeParse(result.body);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
      if (!showFieldErrors(fields)) notify.warning(Object.values(fields)[0] ?? orderMessages.createFailed);
      return null;
    }
    return result.body;
  };

  /** A failed save: «Время занято» on the time (409), field messages on their fields (400). */
  const showSaveError = (error: unknown, title: string) => {
    if (error instanceof ApiError) {
      if (error.status === 409)
        form.setFields([{ name: 'time', errors: [error.message || orderMessages.slotTaken] }]);
      else showFieldErrors(error.fields);
    }
    notify.error(error, title);
  };

  return {
    form,
    collection,
    popular: cars.data?.popular,
    carsLoading: cars.isLoading,
    config,
    tariffLoading: tariff.isFetching,
    offered,
    price,
    totalManual,
    /** The picked client's discount, percent (0: none). */
    discount: driver?.discount ?? 0,
    onValuesChange,
    applyDriver,
    resetTotal,
    buildBody,
    showSaveError,
    notify,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;
