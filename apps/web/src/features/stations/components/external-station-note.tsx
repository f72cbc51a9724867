import { Alert } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { messages } from '@crm/shared';

/** Role admin looking at a station outside their networks (S1 §2 «Внешняя станция»). */
export function ExternalStationNote() {
  return (
    <Alert
      type="warning"
      showIcon
      icon={<GlobalOutlined />}
      title={messages.station.external}
      description="Вы открыли станцию чужой сети как администратор системы. Изменения увидят её владельцы."
    />
  );
}
