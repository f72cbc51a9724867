import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StationAnalytics } from '@crm/shared';
import { ChartFigures } from './chart-figures';

const empty: StationAnalytics = {
  rating: {} as StationAnalytics['rating'],
  previous: null,
  indicators: [],
  days: [{ date: '2026-06-10', orders: 0, revenue: 0, cancelled: 0 }],
  sources: [],
  statuses: [],
  hours: [],
};

describe('ChartFigures without plots (the outline until recharts has loaded)', () => {
  it('shows each chart’s title and sentence, and keeps each plot’s height', () => {
    const { container } = render(<ChartFigures analytics={empty} />);
    for (const title of [
      'Заказы и выручка',
      'Источники: оплачено и забронировано',
      'Заказы по статусам',
      'Загруженность по часам',
    ]) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    expect(screen.getByText('За период заказов нет.')).toBeInTheDocument();
    expect(screen.getByText('Заказов и оплат нет.')).toBeInTheDocument();
    const heights = [...container.querySelectorAll<HTMLElement>('.dash-chart__plot')].map(
      (p) => p.style.height,
    );
    expect(heights).toEqual(['260px', '240px', '240px', '220px']);
  });
});
