import { Button } from 'antd';
import { ArrowLeftOutlined, LockOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { messages } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';

/**
 * S1 §2 / S2 §8 «Нет доступа к станции»: no rights to view it; ask an administrator; back to /.
 * `missing`: role admin (who may open any station) followed a link to a station that does not exist.
 */
export function StationAccessDenied({ missing = false }: { missing?: boolean }) {
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={missing ? <QuestionCircleOutlined /> : <LockOutlined />}
      title={missing ? 'Станция не найдена' : messages.station.noAccess}
      description={
        missing
          ? `${messages.station.unavailable}: станции с таким адресом нет. Возможно, её удалили или в ссылке ошибка.`
          : `${messages.station.unavailable}: у вас нет прав на просмотр этой станции. Обратитесь к администратору, чтобы получить доступ.`
      }
      actions={
        <Button type="primary" icon={<ArrowLeftOutlined />} onClick={() => navigate('/')}>
          К доступным станциям
        </Button>
      }
    />
  );
}
