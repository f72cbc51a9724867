import { z } from 'zod';
import { positions, systemRoles } from './roles';

export const networkMembershipSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.enum(positions),
});

/** The User entity of S1 §3 as the API returns it. */
export const userSchema = z.object({
  id: z.string(),
  role: z.enum(systemRoles),
  login: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  number: z.string().nullable(),
  default_avatar_id: z.string().nullable(),
  allow_push_notifications: z.boolean(),
  telegram_id: z.string().nullable(),
  /** Position in the first network, for the spec's single-position screens. */
  position: z.enum(positions).nullable(),
  networks: z.array(networkMembershipSchema),
  last_login: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** Auth response (S1 §3): user, redirect_to ('wizard' or other), station_id. */
export const authResponseSchema = z.object({
  user: userSchema,
  redirect_to: z.string().nullable(),
  station_id: z.string().nullable(),
  /** Only for Telegram sign-in, where the cookie may be blocked (DESIGN §5). */
  token: z.string().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
