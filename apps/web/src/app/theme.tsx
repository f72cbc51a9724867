import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme, App as AntdApp } from 'antd';
import ruRU from 'antd/locale/ru_RU';

export type ThemeMode = 'light' | 'dark';
export type Accent = 'purple' | 'teal' | 'amber' | 'rose';

/** The four accents of S1 §1; purple is the default. */
export const accentColors: Record<Accent, string> = {
  purple: '#7c3aed',
  teal: '#0d9488',
  amber: '#d97706',
  rose: '#e11d48',
};
export const accentLabels: Record<Accent, string> = {
  purple: 'Фиолетовый',
  teal: 'Бирюзовый',
  amber: 'Янтарный',
  rose: 'Розовый',
};

const MODE_KEY = 'crm.theme';
const ACCENT_KEY = 'crm.accent';

interface ThemeState {
  mode: ThemeMode;
  accent: Accent;
  setMode(mode: ThemeMode): void;
  setAccent(accent: Accent): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function initialMode(): ThemeMode {
  const stored = localStorage.getItem(MODE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function initialAccent(): Accent {
  const stored = localStorage.getItem(ACCENT_KEY) as Accent | null;
  return stored && stored in accentColors ? stored : 'purple';
}

/** Theme and accent, kept per browser (S1 §1). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(initialMode);
  const [accent, setAccentState] = useState<Accent>(initialAccent);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', mode === 'dark' ? '#141414' : accentColors[accent]);
  }, [mode, accent]);

  const value = useMemo<ThemeState>(
    () => ({
      mode,
      accent,
      setMode: (m) => {
        localStorage.setItem(MODE_KEY, m);
        setModeState(m);
      },
      setAccent: (a) => {
        localStorage.setItem(ACCENT_KEY, a);
        setAccentState(a);
      },
    }),
    [mode, accent],
  );

  return (
    <ThemeContext.Provider value={value}>
      <ConfigProvider
        locale={ruRU}
        theme={{
          algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          token: { colorPrimary: accentColors[accent], borderRadius: 10, fontSize: 14 },
        }}
      >
        <AntdApp>{children}</AntdApp>
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme outside ThemeProvider');
  return ctx;
}
