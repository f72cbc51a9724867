import { useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import {
  clientMessages,
  driverImportMaxRows,
  type DriverImportResponse,
  type DriverImportRow,
} from '@crm/shared';
import { useNotify } from '../../../lib/notify';
import { useViewport } from '../../../lib/use-media-query';
import { useImportClients } from '../api/import-clients';
import { clientsPageMessages as text } from '../lib/clients-messages';
import { runClientsJob } from '../lib/run-clients-job';

type Step =
  | { kind: 'pick' }
  | { kind: 'reading'; fileName: string; share: number }
  | { kind: 'checking'; fileName: string }
  | { kind: 'preview'; fileName: string; rows: DriverImportRow[]; answer: DriverImportResponse }
  | { kind: 'failed'; message: string };

interface SkippedRow {
  row: number;
  name: string;
  phone: string;
  reason: string;
}

const cellText = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * Import of clients from .xlsx or .csv (name, surname, phone, discount, car): the file is read in the
 * clients worker, the server judges every row in a dry run (bad phone, duplicate…), the preview shows
 * what will be skipped and why, and «Импортировать» creates the rest in one call.
 */
export function ImportModal({ networkId, onClose }: { networkId: string; onClose(): void }) {
  const notify = useNotify();
  const phone = useViewport() === 'mobile';
  const importer = useImportClients(networkId);
  const [step, setStep] = useState<Step>({ kind: 'pick' });

  const read = async (file: File) => {
    const fileName = file.name;
    setStep({ kind: 'reading', fileName, share: 0 });
    let rows: DriverImportRow[];
    try {
      const result = await runClientsJob(
        { type: 'parse', file: await file.arrayBuffer(), fileName },
        (share) => setStep({ kind: 'reading', fileName, share }),
      );
      rows = result.type === 'parsed' ? result.rows : [];
    } catch {
      return setStep({ kind: 'failed', message: text.importFailedRead });
    }
    if (rows.length === 0) return setStep({ kind: 'failed', message: clientMessages.importEmpty });
    if (rows.length > driverImportMaxRows)
      return setStep({ kind: 'failed', message: clientMessages.importTooManyRows });
    setStep({ kind: 'checking', fileName });
    try {
      const answer = await importer.mutateAsync({ rows, dry_run: true });
      setStep({ kind: 'preview', fileName, rows, answer });
    } catch (error) {
      notify.error(error, text.importFailed);
      setStep({ kind: 'pick' });
    }
  };

  const commit = async () => {
    if (step.kind !== 'preview') return;
    try {
      const answer = await importer.mutateAsync({ rows: step.rows, dry_run: false });
      notify.success(text.importDone(answer.created));
      onClose();
    } catch (error) {
      notify.error(error, text.importFailed);
    }
  };

  const skipped: SkippedRow[] =
    step.kind === 'preview'
      ? step.answer.results
          .filter((r) => r.status === 'skip')
          .map((r) => {
            const source = step.rows[r.row - 1];
            return {
              row: r.row,
              name: `${cellText(source?.name)} ${cellText(source?.surname)}`.trim(),
              phone: cellText(source?.phone),
              reason: r.reason ?? '',
            };
          })
      : [];

  return (
    <Modal
      open
      title={text.importTitle}
      onCancel={onClose}
      destroyOnHidden
      width={phone ? '100%' : 720}
      centered={!phone}
      mask={{ closable: false }}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          {step.kind === 'preview' && (
            <Button
              type="primary"
              loading={importer.isPending}
              disabled={step.answer.to_create === 0}
              onClick={() => void commit()}
            >
              {`Импортировать (${step.answer.to_create})`}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={16} className="clients-import">
        {(step.kind === 'pick' || step.kind === 'failed') && (
          <>
            {step.kind === 'failed' && <Alert type="error" showIcon title={step.message} />}
            <Upload.Dragger
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              multiple={false}
              showUploadList={false}
              beforeUpload={(file) => {
                void read(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">Выберите файл .xlsx или .csv или перетащите его сюда</p>
              <p className="ant-upload-hint">
                Столбцы: Имя, Фамилия, Телефон, Скидка, Марка, Модель, Госномер — как в экспорте
              </p>
            </Upload.Dragger>
          </>
        )}
        {step.kind === 'reading' && (
          <div role="status">
            <Typography.Paragraph>{`Чтение файла «${step.fileName}»…`}</Typography.Paragraph>
            <Progress percent={Math.round(step.share * 100)} aria-label="Чтение файла" />
          </div>
        )}
        {step.kind === 'checking' && (
          <div role="status">
            <Typography.Paragraph>Проверка строк…</Typography.Paragraph>
            <Progress percent={100} status="active" showInfo={false} aria-label="Проверка строк" />
          </div>
        )}
        {step.kind === 'preview' && (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>
              {`Файл «${step.fileName}»: строк ${step.rows.length}. `}
              <Typography.Text strong>{`Будут добавлены: ${step.answer.to_create}`}</Typography.Text>
              {`, пропущены: ${step.answer.skipped}.`}
            </Typography.Paragraph>
            {skipped.length > 0 && phone && (
              <ul className="clients-import__skipped" aria-label="Пропущенные строки">
                {skipped.slice(0, 50).map((r) => (
                  <li key={r.row}>
                    <span className="clients-import__row">{`Строка ${r.row}: ${r.name || '—'}, ${r.phone || '—'}`}</span>
                    <span className="clients-import__reason">{r.reason}</span>
                  </li>
                ))}
                {skipped.length > 50 && <li>{`…и ещё ${skipped.length - 50}`}</li>}
              </ul>
            )}
            {skipped.length > 0 && !phone && (
              <Table<SkippedRow>
                size="small"
                rowKey="row"
                aria-label="Пропущенные строки"
                dataSource={skipped}
                pagination={skipped.length > 10 ? { pageSize: 10, size: 'small' } : false}
                scroll={{ x: 520 }}
                columns={[
                  { key: 'row', title: 'Строка', dataIndex: 'row', width: 80 },
                  { key: 'name', title: 'Клиент', dataIndex: 'name', render: (v: string) => v || '—' },
                  { key: 'phone', title: 'Телефон', dataIndex: 'phone', render: (v: string) => v || '—' },
                  { key: 'reason', title: 'Причина', dataIndex: 'reason' },
                ]}
              />
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
