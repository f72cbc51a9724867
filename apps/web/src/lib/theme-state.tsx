/**
 * Theme mode and accent (S1 §1) as React state without antd; `theme.tsx` turns this state into antd's
 * theme. Storage and the document's attributes are `lib/theme-mode.ts`.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  ACCENT_KEY,
  applyToDocument,
  initialAccent,
  initialMode,
  MODE_KEY,
  writeStorage,
  type Accent,
  type ThemeMode,
} from './theme-mode';

export * from './theme-mode';

interface ThemeState {
  mode: ThemeMode;
  accent: Accent;
  setMode(mode: ThemeMode): void;
  setAccent(accent: Accent): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

/** Theme and accent, kept per browser (S1 §1). */
export function ThemeStateProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(initialMode);
  const [accent, setAccentState] = useState<Accent>(initialAccent);

  useEffect(() => applyToDocument(mode, accent), [mode, accent]);

  const value = useMemo<ThemeState>(
    () => ({
      mode,
      accent,
      setMode: (m) => {
        writeStorage(MODE_KEY, m);
        setModeState(m);
      },
      setAccent: (a) => {
        writeStorage(ACCENT_KEY, a);
        setAccentState(a);
      },
    }),
    [mode, accent],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme outside ThemeProvider');
  return ctx;
}
