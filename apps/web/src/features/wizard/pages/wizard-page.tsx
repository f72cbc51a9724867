import { useEffect, useState } from 'react';
import { Button, Card, Flex, Grid, Typography } from 'antd';
import {
  AppstoreAddOutlined,
  DollarOutlined,
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
import { TariffsStep } from '../components/tariffs-step';
import { ServicesStep } from '../components/services-step';
import { clearStep, savedStep, saveStep } from '../lib/wizard-storage';
import '../components/wizard-steps.css';

/** S2 §2 «Wizard»: the seven steps, in order (S2 §4 numbers them 0…6). */
export const wizardSteps = [
  'Начало',
  'Тарифы',
  'Услуги',
  'Настройка станции',
  'Профиль',
  'Телеграм',
  'Завершение',
] as const;
const steps = wizardSteps;
const STEP = { start: 0, tariffs: 1, services: 2, station: 3, profile: 4, telegram: 5, finish: 6 } as const;
/** S2 §4: the station step moves on about 500 ms after saving. */
const ADVANCE_DELAY_MS = 500;

/** `/wizard`: first-time setup of the station that awaits it (S2 §2, §4 «Wizard»). */
export function WizardPage() {
  const screens = Grid.useBreakpoint();
  const me = useCurrentUser();
  const stations = useStationList();
  const user = me.data?.user ?? null;
  const station = stations.data?.find((s) => s.awaiting_setup) ?? stations.data?.[0] ?? null;
  // Resumes where the owner left (S2 §4): the step is kept on the device per user and station; what he
  // saved on the way is the server's.
  const [step, setStep] = useState<number | null>(null);
  const userId = user?.id ?? null;
  const stationId = station?.id ?? null;
  useEffect(() => {
    if (userId && stationId) setStep(savedStep(userId, stationId, steps.length - 1));
  }, [userId, stationId]);
  useEffect(() => {
    if (userId && stationId && step !== null) saveStep(userId, stationId, step);
  }, [userId, stationId, step]);
  // A new step starts at its top (a phone scrolled down to the previous step's buttons).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

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
  if (stations.isPending || !user || (station && step === null)) return <LoadingOverlay />;
  if (!station)
    return (
      <EmptyState
        title={messages.station.notSelected}
        description="Для настройки нет станции. Напишите в поддержку — мы поможем."
      />
    );

  const current = step ?? 0;
  const next = () => setStep((s) => Math.min((s ?? 0) + 1, steps.length - 1));
  const back = () => setStep((s) => Math.max((s ?? 0) - 1, 0));
  const backButton = <Button onClick={back}>Назад</Button>;
  const wide = current === STEP.services || current === STEP.station;
  const stepPadding = { body: { padding: screens.md ? 32 : 16 } };

  return (
    <Page maxWidth={wide ? 1264 : 884}>
      <Card styles={{ body: { padding: screens.md ? 24 : 16 } }}>
        <WizardHeader steps={steps} current={current} />
      </Card>

      {current === STEP.start && (
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
            <ul className="wizard-intro" aria-label="Что настроим">
              {[
                {
                  icon: <DollarOutlined />,
                  title: 'Тарифы',
                  text: 'Цены трёх тарифов — «Экспресс», «Комплекс» и «Максимум» — по категориям машин',
                },
                {
                  icon: <AppstoreAddOutlined />,
                  title: 'Услуги',
                  text: 'Дополнительные услуги к тарифам и их цены',
                },
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
              ].map((item) => (
                <li key={item.title} className="wizard-intro__item">
                  <span className="wizard-intro__icon" aria-hidden="true">
                    {item.icon}
                  </span>
                  <span>
                    <Typography.Text strong>{item.title}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">{item.text}</Typography.Text>
                  </span>
                </li>
              ))}
            </ul>
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

      {current === STEP.tariffs && (
        <Card styles={stepPadding}>
          <TariffsStep stationId={station.id} onBack={back} onDone={next} />
        </Card>
      )}

      {current === STEP.services && (
        <Card styles={stepPadding}>
          <ServicesStep stationId={station.id} onBack={back} onDone={next} />
        </Card>
      )}

      {current === STEP.station && (
        <StationSettingsForm
          station={station}
          readOnly={false}
          guardLeaving={false}
          submitLabel="Сохранить и продолжить"
          extraActions={backButton}
          onSaved={() => window.setTimeout(next, ADVANCE_DELAY_MS)}
        />
      )}

      {current === STEP.profile && (
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

      {current === STEP.telegram && (
        <Card styles={{ body: { padding: screens.md ? 32 : 20 } }}>
          <TelegramStep onBack={back} onNext={next} />
        </Card>
      )}

      {current === STEP.finish && (
        <Card>
          <FinishStep
            station={station}
            user={user}
            onBack={back}
            onFinished={() => clearStep(user.id, station.id)}
          />
        </Card>
      )}
    </Page>
  );
}
