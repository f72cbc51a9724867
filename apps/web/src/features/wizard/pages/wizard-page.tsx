import { useState } from 'react';
import { Button, Card, Flex, Grid, List, Typography } from 'antd';
import {
  EnvironmentOutlined,
  FlagOutlined,
  SendOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { messages } from '@crm/shared';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { ErrorScreen } from '../../../components/error-screen';
import { EmptyState } from '../../../components/empty-state';
import { useCurrentUser } from '../../users/api/current-user';
import { StationSettingsForm, useStationList } from '../../stations';
import { ProfileForm } from '../../profile';
import { WizardHeader } from '../components/wizard-header';
import { FinishStep } from '../components/finish-step';
import { TelegramStep } from '../components/telegram-step';
import { Page } from '../../../components/page';

/**
 * The steps that exist so far (S2 §2 lists seven): tariffs and services join them with their features, so
 * the wizard never shows a step that does nothing.
 */
export const wizardSteps = ['Начало', 'Настройка станции', 'Профиль', 'Телеграм', 'Завершение'] as const;
const steps = wizardSteps;
/** S2 §4: the station step moves on about 500 ms after saving. */
const ADVANCE_DELAY_MS = 500;

/** `/wizard`: first-time setup of the station that awaits it (S2 §2, §4 «Wizard»). */
export function WizardPage() {
  const screens = Grid.useBreakpoint();
  const me = useCurrentUser();
  const stations = useStationList();
  const [step, setStep] = useState(0);
  const user = me.data?.user ?? null;
  const station = stations.data?.find((s) => s.awaiting_setup) ?? stations.data?.[0] ?? null;

  if (stations.isError) {
    return (
      <ErrorScreen
        inline
        title={messages.station.loadFailed}
        error={stations.error}
        onRetry={() => void stations.refetch()}
      />
    );
  }
  if (stations.isPending || !user) return <LoadingOverlay />;
  if (!station)
    return (
      <EmptyState
        title={messages.station.notSelected}
        description="Для настройки нет станции. Напишите в поддержку — мы поможем."
      />
    );

  const next = () => setStep((s) => Math.min(s + 1, steps.length - 1));
  const back = () => setStep((s) => Math.max(s - 1, 0));
  const backButton = <Button onClick={back}>Назад</Button>;

  return (
    <Page maxWidth={step === 1 ? 1264 : 884}>
      <Card styles={{ body: { padding: screens.md ? 24 : 16 } }}>
        <WizardHeader steps={steps} current={step} />
      </Card>

      {step === 0 && (
        <Card styles={{ body: { padding: screens.md ? 32 : 20 } }}>
          <Flex vertical gap={20}>
            <div>
              <Typography.Title level={screens.md ? 2 : 3} style={{ marginTop: 0 }}>
                Добро пожаловать{user.name ? `, ${user.name}` : ''}!
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ fontSize: 15, marginBottom: 0 }}>
                Настроим станцию <Typography.Text strong>«{station.name}»</Typography.Text>, чтобы клиенты
                могли записываться, а сотрудники — работать с расписанием. Это займёт пару минут.
              </Typography.Paragraph>
            </div>
            <List
              itemLayout="horizontal"
              dataSource={[
                {
                  icon: <ShopOutlined />,
                  title: 'Настройка станции',
                  text: 'Название, адрес на карте, боксы и режим работы',
                },
                { icon: <UserOutlined />, title: 'Профиль', text: 'Ваши имя, email и телефон для связи' },
                {
                  icon: <SendOutlined />,
                  title: 'Телеграм',
                  text: 'Бот, который сообщит о новых записях и отменах',
                },
                {
                  icon: <FlagOutlined />,
                  title: 'Завершение',
                  text: 'Проверим данные и откроем станцию в CRM',
                },
              ]}
              renderItem={(item) => (
                <List.Item>
                  <List.Item.Meta
                    avatar={<span style={{ fontSize: 20 }}>{item.icon}</span>}
                    title={item.title}
                    description={item.text}
                  />
                </List.Item>
              )}
            />
            {station.address && (
              <Typography.Text type="secondary">
                <EnvironmentOutlined /> {station.address}
              </Typography.Text>
            )}
            <Flex justify="end">
              <Button type="primary" size="large" onClick={next}>
                Начать настройку
              </Button>
            </Flex>
          </Flex>
        </Card>
      )}

      {step === 1 && (
        <StationSettingsForm
          station={station}
          readOnly={false}
          guardLeaving={false}
          submitLabel="Сохранить и продолжить"
          extraActions={backButton}
          onSaved={() => window.setTimeout(next, ADVANCE_DELAY_MS)}
        />
      )}

      {step === 2 && (
        <Card title="Ваш профиль">
          <ProfileForm
            user={user}
            allowUnchanged
            submitLabel="Сохранить и продолжить"
            extraActions={backButton}
            onSaved={next}
          />
        </Card>
      )}

      {step === 3 && (
        <Card styles={{ body: { padding: screens.md ? 32 : 20 } }}>
          <TelegramStep onBack={back} onNext={next} />
        </Card>
      )}

      {step === 4 && (
        <Card>
          <FinishStep station={station} user={user} onBack={back} />
        </Card>
      )}
    </Page>
  );
}
