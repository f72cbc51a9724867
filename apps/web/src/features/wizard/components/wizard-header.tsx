import { Flex, Grid, Progress, Steps, Typography, theme } from 'antd';

interface WizardHeaderProps {
  steps: readonly string[];
  current: number;
}

/** The step header of S2 §2 «Wizard»: a step counter and a progress bar, with the step names. */
export function WizardHeader({ steps, current }: WizardHeaderProps) {
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  const percent = Math.round(((current + 1) / steps.length) * 100);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="baseline" gap={12}>
        <Typography.Text type="secondary" aria-live="polite">
          Шаг {current + 1} из {steps.length}
        </Typography.Text>
        <Typography.Text strong>{steps[current]}</Typography.Text>
      </Flex>
      <Progress
        percent={percent}
        showInfo={false}
        strokeColor={token.colorPrimary}
        size={['100%', 6]}
        aria-label={`Прогресс настройки: ${percent}%`}
      />
      {screens.md && (
        <Steps
          size="small"
          // Seven names under their numbers: side by side they broke mid-word on the narrow steps.
          titlePlacement="vertical"
          current={current}
          items={steps.map((title) => ({ title }))}
          style={{ marginTop: 4 }}
        />
      )}
    </Flex>
  );
}
