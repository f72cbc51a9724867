import { useState } from 'react';
import { Alert, Form, Modal, Select } from 'antd';
import { tariffMessages, type Station } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useStationList } from '../../stations/api/station-list';
import { useImportProviderPrices } from '../api/import-provider-prices';
import { tariffsMessages as t } from '../lib/tariffs-messages';

interface ImportPricesModalProps {
  station: Station;
  onClose(): void;
}

/**
 * «Импорт цен» (S2 §6): pick another station of the same network; the modal's button is the confirmation,
 * the text above it says what will be replaced.
 */
export function ImportPricesModal({ station, onClose }: ImportPricesModalProps) {
  const notify = useNotify();
  const stations = useStationList();
  const importPrices = useImportProviderPrices(station.id);
  const [source, setSource] = useState<string | undefined>();
  const options = (stations.data ?? [])
    .filter((other) => other.network_id === station.network_id && other.id !== station.id)
    .map((other) => ({ value: other.id, label: other.name }));

  const submit = async () => {
    if (!source) return;
    try {
      const { imported } = await importPrices.mutateAsync(source);
      if (imported > 0) notify.success(tariffMessages.imported);
      else notify.warning(tariffMessages.importNotFound);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notify.warning(tariffMessages.importNotFound);
      else notify.error(tariffMessages.importFailed);
    }
  };

  return (
    <Modal
      open
      title={t.importTitle}
      onCancel={onClose}
      okText={t.importConfirm}
      cancelText={t.cancel}
      okButtonProps={{ disabled: !source, loading: importPrices.isPending }}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <p className="tariff-import__text">{t.importText}</p>
      {stations.isSuccess && options.length === 0 ? (
        <Alert type="info" showIcon title={t.importNoStations} />
      ) : (
        <Form layout="vertical" component="div">
          <Form.Item label={t.importSource} htmlFor="tariff-import-source">
            <Select
              id="tariff-import-source"
              value={source}
              onChange={setSource}
              options={options}
              loading={stations.isPending}
              placeholder="Выберите станцию"
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
