import type { ReactNode } from 'react';
import type { StationAnalytics } from '@crm/shared';
import { useNearViewport } from '../../../lib/use-near-viewport';
import {
  countsSummary,
  hourBars,
  hoursSummary,
  sourceBars,
  sourcesSummary,
  statusBars,
  timeline,
  timelineSummary,
} from '../lib/chart-data';

interface ChartFigureProps {
  title: string;
  summary: string;
  /** The plot's height, kept free until it is drawn. */
  height: number;
  children: ReactNode;
}

/**
 * One chart with its title and sentence. The plot is drawn once it nears the screen: on a phone only the
 * first chart is on the first screen, and recharts' first render of all four took ≈ 0.45 s of main thread
 * on this machine while the page was starting.
 */
function ChartFigure({ title, summary, height, children }: ChartFigureProps) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <figure className="dash-chart">
      <figcaption className="dash-chart__title">{title}</figcaption>
      {/* The picture is described by the sentence under it; the SVG's own parts mean nothing read aloud. */}
      <div
        ref={ref}
        className="dash-chart__plot"
        aria-hidden="true"
        style={near && children ? undefined : { height }}
      >
        {near && children}
      </div>
      <p className="dash-chart__summary">{summary}</p>
    </figure>
  );
}

export interface ChartPlots {
  timeline: ReactNode;
  sources: ReactNode;
  statuses: ReactNode;
  hours: ReactNode;
}

/**
 * The dashboard's four charts as frames: title, the plot's place and the sentence that says what it shows.
 * Without plots it is the outline the page shows until recharts has loaded (dashboard-charts.tsx fills it
 * in): the same size, and the sentences are there for a screen reader from the start.
 */
export function ChartFigures({ analytics, plots }: { analytics: StationAnalytics; plots?: ChartPlots }) {
  return (
    <div className="dash-charts">
      <div className="dash-charts__wide">
        <ChartFigure
          title="Заказы и выручка"
          height={260}
          summary={timelineSummary(timeline(analytics.days))}
        >
          {plots?.timeline}
        </ChartFigure>
      </div>
      <ChartFigure
        title="Источники: оплачено и забронировано"
        height={240}
        summary={sourcesSummary(sourceBars(analytics.sources))}
      >
        {plots?.sources}
      </ChartFigure>
      <ChartFigure
        title="Заказы по статусам"
        height={240}
        summary={countsSummary(statusBars(analytics.statuses))}
      >
        {plots?.statuses}
      </ChartFigure>
      <div className="dash-charts__wide">
        <ChartFigure
          title="Загруженность по часам"
          height={220}
          summary={hoursSummary(hourBars(analytics.hours))}
        >
          {plots?.hours}
        </ChartFigure>
      </div>
    </div>
  );
}
