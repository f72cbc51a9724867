import { z } from 'zod';

/** Path parameters of the tariff routes; a longer id is no id of ours (404, not a database error). */
export const stationParams = z.object({ stationId: z.string().min(1).max(64) });
export const tariffParams = stationParams.extend({ tariffId: z.string().min(1).max(64) });
