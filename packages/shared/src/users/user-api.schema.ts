import { z } from 'zod';
import { crmDataSchema } from './crm-data.schema';
import { emailSchema, phoneStringSchema, profileMessages } from './profile.schema';
import { userSchema } from './user.schema';

/** Positions an owner or principal may give a member (S2 §6); nobody is made owner through the API. */
export const assignablePositions = ['worker', 'administrator', 'principal'] as const;
export type AssignablePosition = (typeof assignablePositions)[number];

const idParam = z.string().min(1).max(64);

/** Path of the per-user calls (`/api/user/{id}`, CRM data). */
export const userIdParamsSchema = z.object({ id: idParam });
export const userUpdateParamsSchema = z.object({ userId: idParam });
export const moveToStationParamsSchema = z.object({ stationId: idParam, userId: idParam });
/**
 * Body of `POST /api/user/move_to_station/{stationId}/{userId}`: the invitation's token (DESIGN §10). Optional
 * in the schema, so a call without one gets the invitation's own 403 text rather than a field error.
 */
export const moveToStationBodySchema = z
  .object({ token: z.string().max(256).optional() })
  .strict()
  .nullish();
export type MoveToStationBody = z.infer<typeof moveToStationBodySchema>;

/** `GET /api/user/{id}` query (S1 §7): both members are accepted and play no part in the answer. */
export const userQuerySchema = z.object({
  station_id: z.string().max(64).optional(),
  redirect_to: z.string().max(200).optional(),
});

/** `GET /api/user/{id}` → user and the pending redirect ('wizard' during first-time setup). */
export const userResponseSchema = z.object({ user: userSchema, redirect_to: z.string().nullable() });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** Answer of the calls that change one user. */
export const userEnvelopeSchema = z.object({ user: userSchema });

/**
 * Body of `POST /api/user/update/{userId}` (S1 §7, S2 §7): the profile with an optional position, or
 * `{ networks: [] }` to remove the member. One object rather than a union, so each field keeps its own
 * message of S2 §5 in `fields`.
 */
export const userUpdateBodySchema = z
  .object({
    name: z.string().trim().min(1, profileMessages.nameRequired).max(100),
    surname: z.string().trim().min(1, profileMessages.surnameRequired).max(100),
    email: emailSchema,
    number: phoneStringSchema,
    position: z.enum(assignablePositions).optional(),
    /** Only the empty list is meaningful: it removes the user from the caller's network. */
    networks: z.array(z.string().max(64)).max(0).optional(),
  })
  .partial()
  .strict()
  .superRefine((body, ctx) => {
    if (body.networks) return;
    const required = [
      ['name', profileMessages.nameRequired],
      ['surname', profileMessages.surnameRequired],
      ['email', profileMessages.emailRequired],
      ['number', profileMessages.phoneInvalid],
    ] as const;
    for (const [key, message] of required) {
      if (body[key] === undefined) ctx.addIssue({ code: 'custom', message, path: [key] });
    }
  });
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

export const crmDataResponseSchema = z.object({ crm_data: crmDataSchema });

/**
 * `POST /api/user/add_user_admin/{stationId}` (S1 §7, DESIGN §11): role admin (support) adds an existing
 * user, found by login, to the station's network — administrator unless another position is named.
 */
export const addUserAdminBodySchema = z
  .object({
    login: z.string().trim().min(1, 'Укажите логин пользователя').max(200),
    position: z.enum(assignablePositions).optional(),
  })
  .strict();
export type AddUserAdminBody = z.infer<typeof addUserAdminBodySchema>;
export const addUserAdminParamsSchema = z.object({ id: idParam });

/** Staff texts of S2 §8 «Staff/profile» and S1 §8. */
export const staffMessages = {
  updated: 'Профиль администратора успешно обновлен',
  updateFailed: 'Ошибка при обновлении профиля',
  removed: 'Администратор успешно удален',
  removeFailed: 'Ошибка при удалении администратора',
  added: 'Администратор успешно добавлен',
  linkCopied: 'Ссылка скопирована',
  empty: 'Нет добавленных администраторов',
  neverOnline: 'Не был в сети',
  userNotFound: 'Пользователь с таким логином не найден',
  alreadyMember: 'Пользователь уже состоит в сети этой станции',
} as const;

/** S2 §9: the staff table's page size and the QR code's size (the copy delay is dropped: docs/decisions.md). */
export const staffLimits = { pageSize: 10, qrSize: 200 } as const;
