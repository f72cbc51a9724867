import { Alert, Button, Card, ConfigProvider, Flex, Input, Segmented, Switch, Tag, Typography } from 'antd';
import { CheckOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Page } from '../../../components/page';
import {
  accentColors,
  accentLabels,
  accents,
  accentTextColors,
  pageBackground,
  themeConfig,
  useTheme,
  type Accent,
  type ThemeMode,
} from '../../../lib/theme';
import { useReducedMotion } from '../../../lib/use-media-query';
import './theme-gallery-page.css';

const modes: { mode: ThemeMode; label: string }[] = [
  { mode: 'light', label: 'Светлая' },
  { mode: 'dark', label: 'Тёмная' },
];

/** One theme and accent, drawn with its own antd theme whatever the page's: the controls staff meet daily. */
function Sample({ mode, accent, current }: { mode: ThemeMode; accent: Accent; current: boolean }) {
  const { setMode, setAccent } = useTheme();
  const reducedMotion = useReducedMotion();
  const dark = mode === 'dark';
  const text = dark ? '#f4f4f6' : '#1c1c22';
  return (
    // `inherit: false`: the page's own theme (its dark surfaces, say) must not leak into a light sample.
    <ConfigProvider theme={{ ...themeConfig(mode, accent, reducedMotion), inherit: false }}>
      <figure
        className={`theme-sample${current ? ' is-current' : ''}`}
        style={{ background: pageBackground[mode], color: text, colorScheme: mode }}
        aria-label={`${dark ? 'Тёмная' : 'Светлая'} тема, ${accentLabels[accent].toLowerCase()} акцент`}
      >
        <figcaption className="theme-sample__caption">
          <span
            className="theme-sample__swatch"
            style={{ background: accentColors[accent] }}
            aria-hidden="true"
          />
          <span>{accentLabels[accent]}</span>
          <code className="theme-sample__hex">{accentColors[accent]}</code>
          {current && (
            <Tag icon={<CheckOutlined />} className="theme-sample__current">
              Сейчас
            </Tag>
          )}
        </figcaption>
        <Card size="small" title="Запись №1024" extra={<Tag color="processing">Забронирован</Tag>}>
          <Flex vertical gap={10}>
            <Typography.Text>
              Kia Rio · <Typography.Text type="secondary">а123вс77</Typography.Text>
            </Typography.Text>
            <Typography.Link style={{ color: accentTextColors[mode][accent] }}>Открыть заказ</Typography.Link>
            <Input placeholder="Комментарий" aria-label={`Комментарий (${accentLabels[accent]}, ${mode})`} />
            <Flex gap={8} wrap align="center">
              <Button type="primary">Сохранить</Button>
              <Button>Отмена</Button>
              <Button danger>Удалить</Button>
            </Flex>
            <Flex gap={8} align="center">
              <Switch defaultChecked aria-label={`Автоподтверждение (${accentLabels[accent]}, ${mode})`} />
              <Typography.Text>Автоподтверждение</Typography.Text>
            </Flex>
            <Alert type="info" showIcon title="Новый заказ ждёт «Принять»" />
          </Flex>
        </Card>
        <Button
          block
          className="theme-sample__apply"
          disabled={current}
          onClick={() => {
            setMode(mode);
            setAccent(accent);
          }}
        >
          {current ? 'Выбрано' : 'Применить'}
        </Button>
      </figure>
    </ConfigProvider>
  );
}

/**
 * `/theme` (S1 §2 developer page): every theme and accent of S1 §1 side by side, drawn with the product's
 * own theme config (lib/theme.tsx), to check contrast and the accents' look in one place. Not in the menu.
 */
export function ThemeGalleryPage() {
  const { mode: currentMode, accent: currentAccent, setMode } = useTheme();
  return (
    <Page gap={20}>
      <Flex justify="space-between" align="end" wrap gap={12}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 28 }}>
            Темы и акценты
          </Typography.Title>
          <Typography.Text type="secondary">
            Страница для разработчиков: две темы и четыре акцента продукта рядом.
          </Typography.Text>
        </div>
        <Segmented<ThemeMode>
          aria-label="Тема страницы"
          value={currentMode}
          onChange={setMode}
          options={[
            { value: 'light', label: 'Светлая', icon: <SunOutlined /> },
            { value: 'dark', label: 'Тёмная', icon: <MoonOutlined /> },
          ]}
        />
      </Flex>
      {modes.map(({ mode, label }) => (
        <section key={mode} aria-labelledby={`theme-${mode}`} className="theme-gallery__section">
          <Typography.Title level={2} id={`theme-${mode}`} style={{ fontSize: 20, margin: '0 0 12px' }}>
            {label} тема
          </Typography.Title>
          <div className="theme-gallery">
            {accents.map((accent) => (
              <Sample
                key={accent}
                mode={mode}
                accent={accent}
                current={mode === currentMode && accent === currentAccent}
              />
            ))}
          </div>
        </section>
      ))}
    </Page>
  );
}
