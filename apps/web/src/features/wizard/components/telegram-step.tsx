import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { TelegramConnect } from '../../notifications/components/telegram-connect';
import { useCurrentUser } from '../../users/api/current-user';
import { useConfetti } from '../lib/use-confetti';

export const telegramStepTexts = {
  title: 'Подключите Telegram',
  text: 'Новые записи и отмены будут приходить в Telegram, даже когда CRM закрыта.',
  next: 'Далее',
  back: 'Назад',
  needed: 'Чтобы продолжить, подключите бота.',
  noBot:
    'Бот на этом сервере не настроен, поэтому шаг можно пропустить. Подключить Telegram можно будет позже в профиле.',
} as const;

interface TelegramStepProps {
  onBack(): void;
  onNext(): void;
}

/**
 * «Телеграм» of the wizard (S2 §4): the step continues only once the user has a telegram_id. A server
 * without a bot could never give one, so there the user goes on, told why.
 */
export function TelegramStep({ onBack, onNext }: TelegramStepProps) {
  useConfetti();
  const linked = !!useCurrentUser().data?.user.telegram_id;
  const [noBot, setNoBot] = useState(false);
  const canGoOn = linked || noBot;

  return (
    <Flex vertical gap={20}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {telegramStepTexts.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {telegramStepTexts.text}
        </Typography.Paragraph>
      </div>
      <TelegramConnect variant="card" onUnavailable={() => setNoBot(true)} />
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary" aria-live="polite" style={{ flex: '1 1 240px' }}>
          {linked ? '' : noBot ? telegramStepTexts.noBot : telegramStepTexts.needed}
        </Typography.Text>
        <Flex gap={8} justify="end" style={{ marginLeft: 'auto' }}>
          <Button onClick={onBack}>{telegramStepTexts.back}</Button>
          <Button type="primary" size="large" disabled={!canGoOn} onClick={onNext}>
            {telegramStepTexts.next}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
