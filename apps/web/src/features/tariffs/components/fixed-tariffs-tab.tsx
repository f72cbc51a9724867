import { useRef, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Switch } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  FileSearchOutlined,
  HistoryOutlined,
  PlusOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  fixedTariffListSchema,
  formatRub,
  maxTariffPrice,
  tariffMessages,
  type FixedTariff,
} from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useSaveFixedTariffs } from '../api/fixed-tariffs';
import { fieldPath } from '../lib/tariff-edit-form';
import { foldText } from '../lib/tariff-view';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import { PriceHistory } from './price-history';
import { ActiveTag } from './tariff-card';
import { LoadingCards, TabLoadError } from './tariff-tab';

interface FixedTariffsTabProps {
  stationId: string;
  /** The station's time zone: the price history's times. */
  timeZone: string;
  list: UseQueryResult<FixedTariff[]>;
  search: string;
  canEdit: boolean;
}

interface FixedFormValues {
  rows: FixedTariff[];
}

/** `fixed_tariffs.0.cost` (schema and server) → `rows.0.cost` (the form). */
const rowsKey = (key: string) => key.replace(/^fixed_tariffs/, 'rows');

/**
 * «Фиксированные тарифы» (S2 §2, §4): outside edit mode a status switch saves at once; «Редактировать»
 * turns the list into a form where the switches, descriptions, costs, new and removed rows are a draft
 * until «Сохранить» (or thrown away by «Отмена»). The server takes the whole list each time.
 */
export function FixedTariffsTab({ stationId, timeZone, list, search, canEdit }: FixedTariffsTabProps) {
  const notify = useNotify();
  const save = useSaveFixedTariffs(stationId);
  const [editing, setEditing] = useState(false);
  const [draftRows, setDraftRows] = useState<FixedTariff[]>([]);
  const [toggling, setToggling] = useState<string | null>(null);
  // The programme whose price history is open (issue 38: as the other tariffs have).
  const [historyOf, setHistoryOf] = useState<FixedTariff | null>(null);
  const nextId = useRef(1);

  if (list.isPending) return <LoadingCards />;
  if (list.isError) return <TabLoadError retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  const rows = list.data;

  const newRow = (): FixedTariff => ({
    id: `new-${nextId.current++}`,
    description: '',
    cost: 0,
    status: true,
  });

  const startEditing = (withNewRow = false) => {
    setDraftRows(withNewRow ? [...rows, newRow()] : rows);
    setEditing(true);
  };

  const toggle = async (row: FixedTariff, status: boolean) => {
    setToggling(row.id);
    try {
      await save.mutateAsync(rows.map((other) => (other.id === row.id ? { ...other, status } : other)));
      notify.success(tariffMessages.statusUpdated);
    } catch {
      notify.error(tariffMessages.fixedSaveFailed);
    } finally {
      setToggling(null);
    }
  };

  if (editing) {
    return (
      <FixedTariffsEditor
        stationId={stationId}
        initial={draftRows}
        newRow={newRow}
        onDone={() => setEditing(false)}
      />
    );
  }

  if (rows.length === 0) {
    return (
      <EmptyState
        title={t.fixedEmptyTitle}
        description={t.fixedEmptyText}
        icon={<RobotOutlined />}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => startEditing(true)}>
              {t.fixedAdd}
            </Button>
          )
        }
      />
    );
  }

  const needle = foldText(search);
  const shown = needle ? rows.filter((row) => foldText(row.description).includes(needle)) : rows;
  return (
    <div className="tariff-tab">
      {canEdit && (
        <div className="tariff-toolbar">
          <Button icon={<EditOutlined />} onClick={() => startEditing()}>
            {t.edit}
          </Button>
        </div>
      )}
      {shown.length === 0 ? (
        <EmptyState title={t.nothingFound} description={t.nothingFoundText} icon={<FileSearchOutlined />} />
      ) : (
        <ul className="fixed-list" aria-label={t.fixedTab}>
          {shown.map((row) => (
            <li key={row.id} className="fixed-row">
              <span className="fixed-row__text">{row.description}</span>
              <span className="fixed-row__price">{formatRub(row.cost)}</span>
              <span className="fixed-row__state">
                {canEdit && (
                  <Switch
                    size="small"
                    checked={row.status}
                    loading={toggling === row.id}
                    disabled={toggling !== null && toggling !== row.id}
                    aria-label={t.statusOf(row.description)}
                    onChange={(checked) => void toggle(row, checked)}
                  />
                )}
                <ActiveTag active={row.status} />
                <Button
                  size="small"
                  type="text"
                  icon={<HistoryOutlined aria-hidden="true" />}
                  aria-label={t.fixedHistoryOf(row.description)}
                  title={t.history}
                  onClick={() => setHistoryOf(row)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={historyOf !== null}
        title={historyOf ? t.fixedHistoryOf(historyOf.description) : ''}
        footer={null}
        onCancel={() => setHistoryOf(null)}
        destroyOnHidden
      >
        {historyOf && (
          <PriceHistory
            stationId={stationId}
            tariffId={historyOf.id}
            timeZone={timeZone}
            config={undefined}
            inWindow
          />
        )}
      </Modal>
    </div>
  );
}

interface FixedTariffsEditorProps {
  stationId: string;
  initial: FixedTariff[];
  newRow(): FixedTariff;
  onDone(): void;
}

/** Edit mode: its own form, mounted fresh from the list each time «Редактировать» is pressed. */
function FixedTariffsEditor({ stationId, initial, newRow, onDone }: FixedTariffsEditorProps) {
  const notify = useNotify();
  const save = useSaveFixedTariffs(stationId);
  const [form] = Form.useForm<FixedFormValues>();

  const showFields = (fields: Record<string, string>) =>
    form.setFields(
      Object.entries(fields).map(([key, message]) => ({
        name: fieldPath(rowsKey(key)) as never,
        errors: [message],
      })),
    );

  const submit = async () => {
    const values = form.getFieldsValue(true) as FixedFormValues;
    const checked = fixedTariffListSchema.safeParse({ fixed_tariffs: values.rows ?? [] });
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
      return showFields(fields);
    }
    try {
      await save.mutateAsync(checked.data.fixed_tariffs);
      notify.success(t.fixedSaved);
      onDone();
    } catch (error) {
      if (error instanceof ApiError) showFields(error.fields);
      notify.error(tariffMessages.fixedListSaveFailed);
    }
  };

  return (
    <Form<FixedFormValues>
      form={form}
      layout="vertical"
      className="fixed-edit"
      initialValues={{ rows: initial }}
      onFinish={() => void submit()}
    >
      <Form.List name="rows">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 && <p className="tariff-card__muted">{t.fixedEmptyTitle}</p>}
            <ul className="fixed-list">
              {fields.map((field, index) => (
                <li key={field.key} className="fixed-row fixed-row--edit">
                  <Form.Item
                    name={[field.name, 'description']}
                    label={t.fixedDescription}
                    className="fixed-row__description"
                  >
                    <Input maxLength={100} autoFocus={index === fields.length - 1 && !initial[index]} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'cost']} label={t.fixedCost} className="fixed-row__cost">
                    <InputNumber
                      min={0}
                      max={maxTariffPrice}
                      precision={0}
                      step={50}
                      className="fixed-row__number"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'status']}
                    label={t.status}
                    valuePropName="checked"
                    className="fixed-row__status"
                  >
                    <Switch checkedChildren={t.active} unCheckedChildren={t.inactive} />
                  </Form.Item>
                  <Form.Item label=" " className="fixed-row__remove">
                    <Button
                      icon={<DeleteOutlined />}
                      danger
                      aria-label={t.fixedRemove(
                        String(form.getFieldValue(['rows', field.name, 'description']) ?? ''),
                      )}
                      onClick={() => remove(field.name)}
                    />
                  </Form.Item>
                </li>
              ))}
            </ul>
            <div className="tariff-toolbar">
              <Button icon={<PlusOutlined />} onClick={() => add(newRow())}>
                {t.fixedAdd}
              </Button>
            </div>
          </>
        )}
      </Form.List>
      <div className="tariff-actions">
        <Button onClick={onDone} disabled={save.isPending}>
          {t.cancel}
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t.save}
        </Button>
      </div>
    </Form>
  );
}
