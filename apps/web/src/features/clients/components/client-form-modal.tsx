import { useMemo, useState } from 'react';
import { Button, Col, Flex, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { clientMessages, maskPhone, normalizePhone, type Driver } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useViewport } from '../../../lib/use-media-query';
import { useCarCollection } from '../../orders/api/catalog';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';
import {
  clientFormValues,
  createBody,
  fieldPath,
  formSnapshot,
  updateBody,
  type ClientFormValues,
} from '../lib/client-form-values';

interface ClientFormModalProps {
  /** null: a new client. */
  driver: Driver | null;
  /** The selected station's network; null when no station is selected (S2 §5). */
  networkId: string | null;
  onClose(): void;
  onSaved?(driver: Driver): void;
}

/** Popular brands first, then the rest of the car collection (S2 §3). */
function useBrands() {
  const cars = useCarCollection();
  const collection = cars.data?.collection;
  const brands = useMemo(() => {
    const all = Object.keys(collection ?? {}).sort((a, b) => a.localeCompare(b));
    const top = (cars.data?.popular ?? []).filter((b) => all.includes(b));
    return [...top, ...all.filter((b) => !top.includes(b))].map((b) => ({ value: b, label: b }));
  }, [collection, cars.data?.popular]);
  return { collection, brands, loading: cars.isLoading };
}

/** S2 §2 «create/edit modal»: name, surname, phone with the +7 mask, discount, cars. */
export function ClientFormModal({ driver, networkId, onClose, onSaved }: ClientFormModalProps) {
  const [form] = Form.useForm<ClientFormValues>();
  const notify = useNotify();
  const phone = useViewport() === 'mobile';
  const initial = useMemo(() => clientFormValues(driver), [driver]);
  const start = useMemo(() => formSnapshot(initial), [initial]);
  const [changed, setChanged] = useState(false);
  const create = useCreateClient(networkId ?? '');
  const update = useUpdateClient(networkId ?? '');
  const { collection, brands, loading } = useBrands();
  const editing = !!driver;

  const showFields = (fields: Record<string, string>) =>
    form.setFields(
      Object.entries(fields).map(([key, message]) => ({ name: fieldPath(key) as never, errors: [message] })),
    );

  const submit = async (values: ClientFormValues) => {
    if (!networkId) {
      notify.warning(editing ? clientMessages.stationRequiredUpdate : clientMessages.stationRequiredCreate);
      return;
    }
    const checked = editing ? updateBody(values) : createBody(values, networkId);
    if (!checked.ok) return showFields(checked.fields);
    try {
      const saved = editing
        ? await update.mutateAsync({ id: driver.id, body: checked.body })
        : await create.mutateAsync(checked.body as Parameters<typeof create.mutateAsync>[0]);
      notify.success(editing ? clientMessages.updated : clientMessages.created);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 409) showFields({ phone: error.message });
        else showFields(error.fields);
      }
      notify.error(error, editing ? clientMessages.updateFailed : clientMessages.createFailed);
    }
  };

  const pending = create.isPending || update.isPending;
  return (
    <Modal
      open
      title={editing ? 'Редактирование клиента' : 'Новый клиент'}
      onCancel={onClose}
      destroyOnHidden
      width={phone ? '100%' : 640}
      centered={!phone}
      mask={{ closable: false }}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={pending} disabled={!changed} onClick={() => form.submit()}>
            {editing ? 'Сохранить' : 'Создать клиента'}
          </Button>
        </Flex>
      }
    >
      <Form<ClientFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initial}
        onValuesChange={(_, all) => setChanged(formSnapshot(all) !== start)}
        onFinish={(values) => void submit(values)}
        className="client-form"
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label="Имя"
              required
              rules={[{ required: true, whitespace: true, message: clientMessages.nameRequired }]}
            >
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="surname" label="Фамилия">
              <Input maxLength={100} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item
              name="phone"
              label="Телефон"
              required
              normalize={(value: string) => maskPhone(value ?? '')}
              validateTrigger="onBlur"
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    if (!value || !normalizePhone(value)) throw new Error(clientMessages.phoneInvalid);
                  },
                },
              ]}
            >
              <Input inputMode="tel" autoComplete="off" placeholder="+7 (000) 000-00-00" maxLength={18} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item
              name="discount"
              label="Скидка"
              rules={[{ type: 'integer', min: 0, max: 100, message: clientMessages.discountInvalid }]}
            >
              <InputNumber<number>
                min={0}
                max={100}
                precision={0}
                inputMode="numeric"
                suffix="%"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="cars">
          {(fields, { add, remove }) => (
            <fieldset className="client-form__cars">
              <legend>Автомобили</legend>
              {fields.map((field, index) => (
                <CarRow
                  key={field.key}
                  name={field.name}
                  index={index}
                  brands={brands}
                  collection={collection}
                  loading={loading}
                  onRemove={() => remove(field.name)}
                />
              ))}
              {fields.length < 20 && (
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ brand: undefined, model: undefined, plate_number: '' })}
                >
                  Добавить автомобиль
                </Button>
              )}
            </fieldset>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

interface CarRowProps {
  name: number;
  index: number;
  brands: { value: string; label: string }[];
  collection: Record<string, { model: string }[]> | undefined;
  loading: boolean;
  onRemove(): void;
}

/** One car: brand and model from the car collection, and the plate. */
function CarRow({ name, index, brands, collection, loading, onRemove }: CarRowProps) {
  const form = Form.useFormInstance<ClientFormValues>();
  const brand = Form.useWatch(['cars', name, 'brand'], form) as string | undefined;
  const models = useMemo(
    () =>
      brand && collection?.[brand] ? collection[brand]!.map((m) => ({ value: m.model, label: m.model })) : [],
    [brand, collection],
  );
  const n = index + 1;
  return (
    <Row gutter={8} align="top" className="client-form__car">
      <Col xs={12} sm={7}>
        <Form.Item
          name={[name, 'brand']}
          label={`Марка ${n}`}
          rules={[{ required: true, message: clientMessages.carBrandRequired }]}
        >
          <Select
            showSearch
            loading={loading}
            options={brands}
            placeholder="Марка"
            onChange={() => form.setFieldValue(['cars', name, 'model'], undefined)}
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={7}>
        <Form.Item
          name={[name, 'model']}
          label={`Модель ${n}`}
          rules={[{ required: true, message: clientMessages.carModelRequired }]}
        >
          <Select showSearch options={models} placeholder="Модель" disabled={!brand} />
        </Form.Item>
      </Col>
      <Col xs={18} sm={8}>
        {/* `required` only drops «(необязательно)», which would wrap in this narrow column; no rule. */}
        <Form.Item name={[name, 'plate_number']} label={`Госномер ${n}`} required>
          <Input maxLength={20} autoComplete="off" placeholder="А123ВС77" />
        </Form.Item>
      </Col>
      <Col xs={6} sm={2}>
        {/* Required only to keep «(необязательно)» off the hidden label that aligns the button. */}
        <Form.Item required label={<span className="visually-hidden">{`Удалить автомобиль ${n}`}</span>}>
          <Button icon={<DeleteOutlined />} aria-label={`Удалить автомобиль ${n}`} onClick={onRemove} />
        </Form.Item>
      </Col>
    </Row>
  );
}
