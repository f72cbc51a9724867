import { useOutletContext } from 'react-router';
import type { Station } from '@crm/shared';

/** What the station guard hands the pages under /station/{id}. */
export interface StationContext {
  station: Station;
  /** Opened by role admin without membership (S1 §2 «Внешняя станция»). */
  external: boolean;
  /** Owner/principal of its network, or role admin: may change settings. */
  canManage: boolean;
  /**
   * The new-orders window that was waiting when the station opened is still up (S1 §1: work waits on
   * it): what the page shows beside the orders can wait with it. Absent: false.
   */
  underWindow?: boolean;
}

export function useStationContext(): StationContext {
  return useOutletContext<StationContext>();
}
