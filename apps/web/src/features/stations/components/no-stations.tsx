import { Button } from 'antd';
import { LogoutOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { SupportButton } from '../../../components/support-button';

/** S1 §9 «Support button delay 10 s». */
const SUPPORT_DELAY_SECONDS = 10;

interface NoStationsProps {
  supportUrl: string;
  onAdd?: () => void;
}

/** «Не найдены привязанные станции» with the three reasons of S1 §2 and the delayed support button. */
export function NoStations({ supportUrl, onAdd }: NoStationsProps) {
  const navigate = useNavigate();
  return (
    <EmptyState
      title="Не найдены привязанные станции"
      description="Возможные причины:"
      reasons={[
        'Вы вошли не в тот аккаунт — выйдите и войдите тем, к которому привязана станция.',
        'Вас ещё не пригласили: попросите владельца станции прислать ссылку-приглашение из настроек станции.',
        'Станции ещё нет: напишите в поддержку, и мы поможем её создать.',
      ]}
      actions={
        <>
          {onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              Добавить объект
            </Button>
          )}
          <SupportButton href={supportUrl} delaySeconds={SUPPORT_DELAY_SECONDS} />
          <Button icon={<LogoutOutlined />} onClick={() => navigate('/logout')}>
            Сменить аккаунт
          </Button>
        </>
      }
    />
  );
}
