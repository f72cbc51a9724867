import { useEffect, useState } from 'react';
import { stationToday } from './station-time';

/**
 * Now, and today on the station's clock, refreshed every `intervalMs`: «Скоро начнется», the lists'
 * «today» and a page's default dates follow the clock without a reload.
 */
export function useStationNow(zone: string, intervalMs = 30_000): { now: Date; today: string } {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return { now, today: stationToday(zone, now.getTime()) };
}
