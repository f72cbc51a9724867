import { Card, Col, Flex, Form, InputNumber, Row, Typography } from 'antd';
import { PRICE_LIMIT_MAX, settingsMessages } from '@crm/shared';
import { SettingsPageHeader } from '../components/settings-page-header';
import { SettingsSaveBar } from '../components/settings-save-bar';
import { pricingRule } from '../lib/pricing-rules';
import { pricingForm, type PricingValues } from '../lib/settings-form-values';
import { settingsPageHints } from '../lib/settings-texts';
import { useStationContext } from '../lib/station-context';
import { useStationSettingsForm } from '../lib/use-station-settings-form';

const fields: { name: keyof PricingValues; label: string; extra: string }[] = [
  { name: 'limitMinCost', label: 'Минимальная стоимость', extra: 'Меньше этой суммы выбрать нельзя' },
  { name: 'limitMaxCost', label: 'Максимальная стоимость', extra: 'Больше этой суммы выбрать нельзя' },
  { name: 'stepCost', label: 'Шаг', extra: 'На сколько меняется сумма за одно нажатие' },
];
const names = fields.map((f) => f.name);

/**
 * `settings/pricing` (S2 §5 «Pricing limits»): the range and the step of the price a client can choose and
 * pay at this station. Each field's message follows every change of any of the three.
 */
export function SettingsPricingPage() {
  const { station, canManage } = useStationContext();
  const settings = useStationSettingsForm<PricingValues>({
    station,
    ...pricingForm,
    savedText: settingsMessages.saved,
    failedText: settingsMessages.saveFailed,
  });
  const readOnly = !canManage;

  return (
    <Flex vertical gap={16}>
      <SettingsPageHeader page="pricing" hint={settingsPageHints.pricing} readOnly={readOnly} />
      <Form
        form={settings.form}
        layout="vertical"
        initialValues={settings.initial}
        disabled={readOnly}
        requiredMark={readOnly ? false : 'optional'}
        onValuesChange={settings.onValuesChange}
        onFinish={() => void settings.save()}
      >
        <Card>
          <Typography.Paragraph type="secondary">
            Клиент выбирает и оплачивает сумму в этих пределах: не меньше минимальной, не больше максимальной,
            с указанным шагом. Суммы — в рублях, от 0 до {PRICE_LIMIT_MAX.toLocaleString('ru-RU')}.
          </Typography.Paragraph>
          <Row gutter={16}>
            {fields.map((f) => (
              <Col xs={24} md={8} key={f.name}>
                <Form.Item
                  name={f.name}
                  label={f.label}
                  extra={f.extra}
                  required
                  rules={[pricingRule(f.name)]}
                  dependencies={names.filter((n) => n !== f.name)}
                >
                  <InputNumber
                    precision={0}
                    max={PRICE_LIMIT_MAX}
                    inputMode="numeric"
                    suffix="₽"
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        {!readOnly && (
          <SettingsSaveBar dirty={settings.dirty} saving={settings.saving} onReset={settings.reset} />
        )}
      </Form>
    </Flex>
  );
}
