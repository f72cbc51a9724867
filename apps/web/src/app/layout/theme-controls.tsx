import { Segmented } from 'antd';
import { CheckOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { accentColors, accentLabels, accents, useTheme, type ThemeMode } from '../../lib/theme';

/** Light/dark switch and the four accent swatches (S1 §1), shared by the user menu and the «Ещё» sheet. */
export function ThemeControls() {
  const { mode, accent, setMode, setAccent } = useTheme();
  return (
    <div className="theme-controls">
      <Segmented<ThemeMode>
        block
        aria-label="Тема оформления"
        value={mode}
        onChange={setMode}
        options={[
          { value: 'light', label: 'Светлая', icon: <SunOutlined /> },
          { value: 'dark', label: 'Тёмная', icon: <MoonOutlined /> },
        ]}
      />
      <div className="theme-controls__accents" role="radiogroup" aria-label="Цвет акцента">
        {accents.map((a) => (
          <button
            key={a}
            type="button"
            role="radio"
            aria-checked={a === accent}
            aria-label={accentLabels[a]}
            title={accentLabels[a]}
            className="theme-controls__swatch"
            style={{ background: accentColors[a] }}
            onClick={() => setAccent(a)}
          >
            {a === accent && <CheckOutlined />}
          </button>
        ))}
      </div>
    </div>
  );
}
