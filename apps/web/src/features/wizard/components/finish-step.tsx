import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Result } from 'antd';
import { formatDayHours, weekDayShort, weekDays, type Station, type User } from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useFinishWizard } from '../api/finish-wizard';
import { useFeedback } from '../../../lib/feedback';

/** Wizard texts of S2 §8 «Wizard finish», quoted exactly. */
export const wizardMessages = {
  finishing: 'Завершение настройки...',
  finished: 'Настройка успешно завершена!',
  finishFailed: 'Не удалось завершить настройку. Пожалуйста, попробуйте позже.',
  unexpected: 'Произошла ошибка при завершении настройки. Попробуйте еще раз.',
  noStation: 'Станция не выбрана',
  noUser: 'Пользователь не найден. Попробуйте перезагрузить страницу.',
} as const;

/** S1 §9: a redirect failure forces a reload to / after 2 s. */
const RELOAD_DELAY_MS = 2000;

function hoursSummary(station: Station): string {
  return weekDays.map((d) => `${weekDayShort[d]} ${formatDayHours(station.worktime_by_day, d)}`).join(', ');
}

interface FinishStepProps {
  station: Station | null;
  user: User | null;
  onBack(): void;
  /** The setup is done on the server (before the user is refetched and sent to /). */
  onFinished?(): void;
}

/**
 * The last step: `POST /api/wizard/finish/{stationId}`, then the user is refetched (the role changes, so
 * the layout lets them out of /wizard) and sent to /.
 */
export function FinishStep({ station, user, onBack, onFinished }: FinishStepProps) {
  const { message } = useFeedback();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const finish = useFinishWizard();
  const [done, setDone] = useState(false);

  const run = async () => {
    if (!station) return notify.error(wizardMessages.noStation);
    if (!user) return notify.error(wizardMessages.noUser);
    const key = 'wizard-finish';
    void message.open({ key, type: 'loading', content: wizardMessages.finishing, duration: 0 });
    try {
      await finish.mutateAsync(station.id);
    } catch (error) {
      message.destroy(key);
      const known = error instanceof ApiError && error.status > 0 && error.status < 500;
      notify.error(known ? wizardMessages.finishFailed : wizardMessages.unexpected);
      return;
    }
    void message.open({ key, type: 'success', content: wizardMessages.finished, duration: 3 });
    setDone(true);
    onFinished?.();
    try {
      await queryClient.refetchQueries({ queryKey: ['user'] });
      await queryClient.invalidateQueries({ queryKey: ['stations'] });
      // `/` opens his one station (the picker reads the request).
      await navigate('/', { replace: true, state: { openOnlyStation: true } });
    } catch {
      window.setTimeout(() => window.location.assign('/'), RELOAD_DELAY_MS);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Result
        status={done ? 'success' : 'info'}
        title={done ? wizardMessages.finished : 'Всё готово к запуску'}
        subTitle={
          done
            ? 'Открываем вашу станцию…'
            : 'Проверьте данные. После завершения станция откроется в CRM, а изменить всё можно будет в настройках.'
        }
        style={{ padding: '16px 0' }}
      />
      {station && (
        <Descriptions
          bordered
          column={1}
          size="small"
          items={[
            { key: 'name', label: 'Станция', children: station.name },
            { key: 'address', label: 'Адрес', children: station.address || '—' },
            { key: 'boxes', label: 'Боксы', children: station.boxes.length },
            { key: 'hours', label: 'Режим работы', children: hoursSummary(station) },
            {
              key: 'owner',
              label: 'Владелец',
              children: [user?.name, user?.surname].filter(Boolean).join(' ') || '—',
            },
          ]}
        />
      )}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onBack} disabled={finish.isPending || done}>
          Назад
        </Button>
        <Button
          type="primary"
          size="large"
          loading={finish.isPending}
          disabled={done}
          onClick={() => void run()}
        >
          Завершить настройку
        </Button>
      </Flex>
    </Flex>
  );
}
