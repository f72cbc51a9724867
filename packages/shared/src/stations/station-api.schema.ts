import { z } from 'zod';
import { userSchema } from '../users/user.schema';
import { stationSchema } from './station.schema';

/** S2 §5: the user id the station calls carry. */
export const stationUserIdMessage = 'ID пользователя обязателен';

export const stationIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Body of `POST /api/station/list` (S1 §7). Identity comes from the session; this must name the caller. */
export const stationListBodySchema = z.object({
  user_id: z.string({ error: stationUserIdMessage }).trim().min(1, stationUserIdMessage).max(64),
});

export const stationListResponseSchema = z.object({ stations: z.array(stationSchema) });
export const stationResponseSchema = z.object({ station: stationSchema });
/** `POST /api/station/create` answers `data` (S1 §7). */
export const stationCreateResponseSchema = z.object({ data: stationSchema });
export const stationUsersResponseSchema = z.object({ users: z.array(userSchema) });
