import { Button } from 'antd';
import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { messages } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';

/** S1 §2 / S2 §8 «Нет доступа к станции»: no rights to view it; ask an administrator; back to /. */
export function StationAccessDenied() {
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={<LockOutlined />}
      title={messages.station.noAccess}
      description={`${messages.station.unavailable}: у вас нет прав на просмотр этой станции. Обратитесь к администратору, чтобы получить доступ.`}
      actions={
        <Button type="primary" icon={<ArrowLeftOutlined />} onClick={() => navigate('/')}>
          К доступным станциям
        </Button>
      }
    />
  );
}
