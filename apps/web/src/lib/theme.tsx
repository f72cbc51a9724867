import { useContext, useMemo, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { IconProvider } from '@ant-design/icons';
// The ES module: antd/locale/ru_RU is CommonJS and brought antd's CommonJS locale files with it.
import ruRU from 'antd/es/locale/ru_RU';
// antd's App minus its message, notification and modal engines, which load apart (lib/feedback.tsx).
import useAppStyle from 'antd/es/app/style';
import { FeedbackProvider } from './feedback';
import { useReducedMotion } from './use-media-query';
import {
  accentColors,
  accentTextColors,
  pageBackground,
  ThemeStateProvider,
  useTheme,
  type Accent,
  type ThemeMode,
} from './theme-state';

export * from './theme-state';

/**
 * `reducedMotion` (useReducedMotion): antd then runs no motion at all, as global.css runs no transition on
 * such a device: antd's motion waits for a transition's end, and a closed notice would stay on screen.
 */
export function themeConfig(mode: ThemeMode, accent: Accent, reducedMotion = false): ThemeConfig {
  const dark = mode === 'dark';
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      motion: !reducedMotion,
      colorPrimary: accentColors[accent],
      // Links are text: the accent's text shade, readable on the page in either mode.
      colorLink: accentTextColors[mode][accent],
      borderRadius: 10,
      fontSize: 14,
      fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      colorBgLayout: pageBackground[mode],
      // antd's default secondary text (45 % opacity) is below WCAG AA on both backgrounds.
      colorTextDescription: dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.6)',
      colorTextTertiary: dark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.56)',
      ...(dark
        ? { colorBgContainer: '#17171c', colorBgElevated: '#202028' }
        : // antd's red (#ff4d4f) as the text of a danger button («Удалить») is 3.3:1 on white.
          { colorError: '#cf1322' }),
    },
    components: {
      Button: {
        fontWeight: 500,
        // On the dark surface antd's red text (a danger button: «Удалить») is 4.2:1; a lighter red reaches
        // AA, and a filled danger button then takes dark text on it.
        ...(dark
          ? {
              colorError: '#ef5350',
              colorErrorHover: '#f47c7a',
              colorErrorActive: '#e53935',
              dangerColor: '#0f0f12',
            }
          : {}),
      },
      // The selected tab's text in the accent at full strength is below AA on dark surfaces.
      Tabs: {
        itemSelectedColor: accentTextColors[mode][accent],
        itemActiveColor: accentTextColors[mode][accent],
        itemHoverColor: accentTextColors[mode][accent],
      },
    },
  };
}

/** antd's locale and theme from the current mode and accent, its App's root, and messages (lib/feedback). */
export function AntdThemeProvider({ children }: { children: ReactNode }) {
  const { mode, accent } = useTheme();
  const reducedMotion = useReducedMotion();
  const config = useMemo(() => themeConfig(mode, accent, reducedMotion), [mode, accent, reducedMotion]);
  return (
    <ConfigProvider locale={ruRU} theme={config}>
      <IconProvider value={iconsStyledByAntd}>
        <AppRoot>
          <FeedbackProvider>{children}</FeedbackProvider>
        </AppRoot>
      </IconProvider>
    </ConfigProvider>
  );
}

/**
 * antd's ConfigProvider writes the icons' styles itself (its icon reset: the same rules, spin included).
 * Each @ant-design/icons icon would also, as it mounts, search the page's style tags for its own copy
 * and read it back (5–10 ms of a dashboard's arrival at 4× CPU, in the commit's long task). Told the
 * styles are there, it skips that. `prefixCls` is the one antd's provider passes.
 */
const iconsStyledByAntd = { prefixCls: 'anticon', zeroRuntime: true } as const;

/** The element antd's App renders: the page's text colour, font and the theme's CSS variables. */
function AppRoot({ children }: { children: ReactNode }) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  return <div className={`${prefixCls} ${hashId} ${cssVarCls}`}>{children}</div>;
}

/** Theme state and antd's theme together: what a test or an antd-only tree needs. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeStateProvider>
      <AntdThemeProvider>{children}</AntdThemeProvider>
    </ThemeStateProvider>
  );
}
