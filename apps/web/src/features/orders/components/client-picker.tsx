import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Flex, Input, Select, Spin, Tag, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { clientMessages, driverPhoneSchema, type Driver } from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { driverSearchMinLength, useCreateDriver, useDriverSearch } from '../api/drivers';
import { driverName, formatPhone } from '../lib/driver-label';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

interface ClientPickerProps {
  networkId: string;
  /** The form's `driverId`. */
  value?: string | null;
  onChange?(value: string | null): void;
  id?: string;
  /** A client was picked or created: the form takes their phone and car. */
  onPick(driver: Driver, carIndex?: number): void;
  /** The car typed so far, saved with a client created here. */
  currentCar(): { brand: string; model: string; plate_number?: string } | null;
  /** A client chosen before the form opened (`&client=` from the client's card): picked once loaded. */
  preset?: Driver | null;
  /** Which of the preset client's cars the order is for. */
  presetCar?: number;
}

/**
 * The client of a new order: searched by name, phone or plate from 3 characters, 300 ms after typing
 * stops (S1 §9), or created on the spot with `POST /api/drivers/create`.
 */
export function ClientPicker({
  networkId,
  value,
  onChange,
  id,
  onPick,
  currentCar,
  preset,
  presetCar,
}: ClientPickerProps) {
  const notify = useNotify();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, 300);
  const search = useDriverSearch(networkId, settled);
  const [picked, setPicked] = useState<Driver | null>(null);
  const [creating, setCreating] = useState(false);

  // The preset client, once: a deleted one is not offered (issue 11), so it is not picked either.
  const presetId = preset && !preset.deleted ? preset.id : null;
  useEffect(() => {
    if (!preset || preset.deleted) return;
    setPicked(preset);
    onChange?.(preset.id);
    onPick(preset, presetCar);
    // Only a newly loaded preset is picked; a later pick by hand stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [presetId]);

  const found = useMemo(() => {
    const list = search.data ?? [];
    return picked && !list.some((d) => d.id === picked.id) ? [picked, ...list] : list;
  }, [search.data, picked]);
  const options = found.map((d) => ({
    value: d.id,
    label: (
      <Flex vertical>
        <Flex gap={6} align="center" wrap>
          <span>{driverName(d)}</span>
          {d.discount > 0 && <Tag color="green" style={{ margin: 0 }}>{`Скидка ${d.discount} %`}</Tag>}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[formatPhone(d.phone), d.cars[0] && `${d.cars[0].brand} ${d.cars[0].model}`.trim()]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      </Flex>
    ),
    title: d.discount > 0 ? `${driverName(d)} · скидка ${d.discount} %` : driverName(d),
  }));

  const pick = (driver: Driver) => {
    setPicked(driver);
    onChange?.(driver.id);
    onPick(driver);
  };

  const short = query.trim().length < driverSearchMinLength;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8}>
        <Select
          id={id}
          value={value ?? undefined}
          placeholder="Имя, телефон или госномер"
          allowClear
          style={{ flex: 1, minWidth: 0 }}
          options={options}
          optionLabelProp="title"
          showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
          notFoundContent={
            short ? (
              'Введите не менее 3 символов'
            ) : search.isFetching || query !== settled ? (
              <Spin size="small" />
            ) : search.isError ? (
              clientMessages.loadFailed
            ) : (
              'Клиенты не найдены'
            )
          }
          onChange={(id: string | undefined) => {
            const driver = found.find((d) => d.id === id);
            if (driver) pick(driver);
            else {
              setPicked(null);
              onChange?.(null);
            }
          }}
        />
        <Button
          icon={<UserAddOutlined />}
          onClick={() => setCreating((v) => !v)}
          aria-expanded={creating}
          aria-label="Новый клиент"
        >
          <span className="order-hide-xs">Новый клиент</span>
        </Button>
      </Flex>
      {creating && (
        <NewClientCard
          networkId={networkId}
          currentCar={currentCar}
          onCancel={() => setCreating(false)}
          onCreated={(driver) => {
            setCreating(false);
            notify.success(clientMessages.created);
            pick(driver);
          }}
        />
      )}
    </Flex>
  );
}

interface NewClientCardProps {
  networkId: string;
  currentCar: ClientPickerProps['currentCar'];
  onCancel(): void;
  onCreated(driver: Driver): void;
}

/** Inline, not a nested form: the order form around it keeps its own submit. */
function NewClientCard({ networkId, currentCar, onCancel, onCreated }: NewClientCardProps) {
  const notify = useNotify();
  const create = useCreateDriver(networkId);
  const [name, setName] = useState('');
  const [surname, setSurname] = useState('');
  const [phone, setPhone] = useState('+7 ');
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});

  const submit = async () => {
    const parsedPhone = driverPhoneSchema.safeParse(phone);
    const next = {
      name: name.trim() ? undefined : clientMessages.nameRequired,
      phone: parsedPhone.success ? undefined : clientMessages.phoneInvalid,
    };
    setErrors(next);
    if (next.name || next.phone || !parsedPhone.success) return;
    const car = currentCar();
    try {
      const driver = await create.mutateAsync({
        network_id: networkId,
        name: name.trim(),
        surname: surname.trim(),
        phone: parsedPhone.data,
        cars: car && car.brand && car.model ? [car] : [],
      });
      onCreated(driver);
    } catch (error) {
      notify.error(error, clientMessages.createFailed);
    }
  };

  return (
    <Card size="small" title="Новый клиент" role="group" aria-label="Новый клиент">
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          <Flex vertical style={{ flex: '1 1 140px' }}>
            <Input
              aria-label="Имя нового клиента"
              placeholder="Имя"
              value={name}
              status={errors.name ? 'error' : undefined}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
            />
            {errors.name && <Typography.Text type="danger">{errors.name}</Typography.Text>}
          </Flex>
          <Input
            aria-label="Фамилия нового клиента"
            placeholder="Фамилия"
            value={surname}
            onChange={(e) => setSurname(e.target.value)}
            maxLength={100}
            style={{ flex: '1 1 140px' }}
          />
        </Flex>
        <Flex vertical>
          <Input
            aria-label="Телефон нового клиента"
            placeholder="+7 (999) 123-45-67"
            inputMode="tel"
            value={phone}
            status={errors.phone ? 'error' : undefined}
            onChange={(e) => setPhone(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              void submit();
            }}
            maxLength={20}
          />
          {errors.phone && <Typography.Text type="danger">{errors.phone}</Typography.Text>}
        </Flex>
        <Flex justify="end" gap={8}>
          <Button size="small" onClick={onCancel}>
            Отмена
          </Button>
          <Button size="small" type="primary" loading={create.isPending} onClick={() => void submit()}>
            Создать клиента
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
