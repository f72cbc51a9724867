/**
 * Theme mode and accent (S1 §1) as stored per browser and written on <html>, without React: the login page
 * (a page of its own, no React) switches the mode with these, the app through `lib/theme-state.tsx`.
 */
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
export const accents = Object.keys(accentColors) as Accent[];

/** Also read by `theme-init.js` before the app starts, so the first paint has the right theme. */
export const MODE_KEY = 'crm.theme';
export const ACCENT_KEY = 'crm.accent';

export const pageBackground: Record<ThemeMode, string> = { light: '#f5f5f7', dark: '#0f0f12' };

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the choice still applies for this visit.
  }
}

export function initialMode(): ThemeMode {
  const stored = readStorage(MODE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function initialAccent(): Accent {
  const stored = readStorage(ACCENT_KEY);
  return stored && stored in accentColors ? (stored as Accent) : 'purple';
}

/**
 * The accent as text: the swatch colours are too light on white (amber, teal) or too dark on the dark
 * background to reach WCAG AA 4.5:1, so text uses a deeper shade in light mode and a paler one in dark.
 */
export const accentTextColors: Record<ThemeMode, Record<Accent, string>> = {
  light: { purple: '#6d28d9', teal: '#0f766e', amber: '#b45309', rose: '#be123c' },
  dark: { purple: '#c4b5fd', teal: '#5eead4', amber: '#fcd34d', rose: '#fda4af' },
};

/** The same attributes `theme-init.js` sets, kept in step with the state. */
export function applyToDocument(mode: ThemeMode, accent: Accent) {
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.dataset.accent = accent;
  root.style.colorScheme = mode;
  root.style.setProperty('--crm-accent', accentColors[accent]);
  root.style.setProperty('--crm-accent-text', accentTextColors[mode][accent]);
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', mode === 'dark' ? pageBackground.dark : accentColors[accent]);
}

/** Switches the mode outside React (the login page): remembered, and applied to the page at once. */
export function switchMode(mode: ThemeMode) {
  writeStorage(MODE_KEY, mode);
  applyToDocument(mode, initialAccent());
}

/** The mode the page shows now (set by `theme-init.js` before any script of ours ran). */
export function currentMode(): ThemeMode {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}
