import { Checkbox, ConfigProvider, Flex, Slider } from 'antd';
import type { SliderMarks } from 'antd/es/slider';
import { scheduleSlider, sliderToTime } from '@crm/shared';
import { DEFAULT_RANGE, ROUND_THE_CLOCK_RANGE, isRoundTheClock, type SliderRange } from './schedule-draft';

/** A mark every 3 hours; hours alone, so nine labels fit a phone-wide card. */
const marks: SliderMarks = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [i * 180, String(i * 3)]));

/** Bigger handles and rail than antd's: dragged with a thumb on a phone. Theme colours stay inherited. */
const thumbSized = {
  components: { Slider: { handleSize: 18, handleSizeHover: 20, railSize: 6 } },
};

interface HoursSliderProps {
  value: SliderRange;
  onChange(value: SliderRange): void;
  /** Names the handles and the checkbox for screen readers: «Суббота», «Выбранные дни». */
  label: string;
  /** Marks the first day card's controls for the tutorial. */
  tourAnchor?: boolean;
}

/**
 * A day's hours on the S2 §5 slider (0–1440 in steps of 15, 1440 read as 23:59) with «Круглосуточно»,
 * which sets the whole day; unticking it goes back to the default 10:00–19:00.
 */
export function HoursSlider({ value, onChange, label, tourAnchor }: HoursSliderProps) {
  const whole = isRoundTheClock(value);
  return (
    <Flex vertical gap={4}>
      <div data-tour={tourAnchor ? 'slider' : undefined} style={{ paddingInline: 8 }}>
        <ConfigProvider theme={thumbSized}>
          <Slider
            range
            min={scheduleSlider.min}
            max={scheduleSlider.max}
            step={scheduleSlider.step}
            marks={marks}
            value={value}
            onChange={(next) => onChange([next[0]!, next[1]!])}
            tooltip={{ formatter: (v) => (v === undefined ? null : sliderToTime(v)) }}
            ariaLabelForHandle={[`${label}: начало работы`, `${label}: конец работы`]}
            ariaValueTextFormatterForHandle={(v) => (v === undefined ? '' : sliderToTime(v))}
          />
        </ConfigProvider>
      </div>
      <span data-tour={tourAnchor ? 'round-the-clock' : undefined} style={{ alignSelf: 'start' }}>
        <Checkbox
          checked={whole}
          aria-label={`${label}: круглосуточно`}
          onChange={(e) => onChange(e.target.checked ? ROUND_THE_CLOCK_RANGE : DEFAULT_RANGE)}
          style={{ minHeight: 40, alignItems: 'center' }}
        >
          Круглосуточно
        </Checkbox>
      </span>
    </Flex>
  );
}
