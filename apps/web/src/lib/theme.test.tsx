import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ACCENT_KEY, MODE_KEY, ThemeProvider, useTheme } from './theme';

function Probe() {
  const { mode, accent, setMode, setAccent } = useTheme();
  return (
    <div>
      <span data-testid="state">{`${mode}/${accent}`}</span>
      <button onClick={() => setMode('dark')}>dark</button>
      <button onClick={() => setAccent('teal')}>teal</button>
    </div>
  );
}

describe('theme and accent persistence (S1 §1)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('defaults to light and purple', () => {
    render(<ThemeProvider>{<Probe />}</ThemeProvider>);
    expect(screen.getByTestId('state')).toHaveTextContent('light/purple');
  });

  it('keeps the choice per browser and applies it to the document', () => {
    const first = render(<ThemeProvider>{<Probe />}</ThemeProvider>);
    act(() => screen.getByText('dark').click());
    act(() => screen.getByText('teal').click());
    expect(localStorage.getItem(MODE_KEY)).toBe('dark');
    expect(localStorage.getItem(ACCENT_KEY)).toBe('teal');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.accent).toBe('teal');
    expect(document.documentElement.style.getPropertyValue('--crm-accent')).toBe('#0d9488');
    first.unmount();

    // A reload: a new provider reads the stored choice.
    render(<ThemeProvider>{<Probe />}</ThemeProvider>);
    expect(screen.getByTestId('state')).toHaveTextContent('dark/teal');
  });

  it('ignores a damaged stored value', () => {
    localStorage.setItem(MODE_KEY, 'sepia');
    localStorage.setItem(ACCENT_KEY, 'gold');
    render(<ThemeProvider>{<Probe />}</ThemeProvider>);
    expect(screen.getByTestId('state')).toHaveTextContent('light/purple');
  });
});
