import { useOutletContext } from 'react-router';
import type { Station } from '@crm/shared';

/** What the station guard hands the pages under /station/{id}. */
export interface StationContext {
  station: Station;
  /** Opened by role admin without membership (S1 §2 «Внешняя станция»). */
  external: boolean;
  /** Owner/principal of its network, or role admin: may change settings. */
  canManage: boolean;
}

export function useStationContext(): StationContext {
  return useOutletContext<StationContext>();
}
