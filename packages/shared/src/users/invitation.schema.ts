import { z } from 'zod';
import { assignablePositions } from './user-api.schema';

/** How long an invitation link works (DESIGN §10): long enough for a new hire to get round to it. */
export const invitationLifetimeDays = 7;

/** Texts of the invitation flow; the spec has none of its own beyond «Вы успешно подключились…». */
export const invitationMessages = {
  invalid: 'Приглашение недействительно или устарело. Попросите владельца станции прислать новую ссылку.',
  created: 'Ссылка-приглашение создана',
  createFailed: 'Не удалось создать приглашение',
  revoked: 'Приглашение отозвано',
  revokeFailed: 'Не удалось отозвать приглашение',
  listFailed: 'Не удалось загрузить приглашения',
  none: 'Активных приглашений нет',
} as const;

export {
  invitationAccessText,
  invitationFragmentKey,
  invitationGreetingText,
  invitationPath,
  invitationTokenFromHash,
} from './invitation-link';

const id = z.string().min(1).max(64);

export const invitationStationParamsSchema = z.object({ stationId: id });
export const invitationIdParamsSchema = z.object({ id });

/** Body of `POST /api/station/invitations/{stationId}`: administrator unless said otherwise (S2 §6). */
export const invitationCreateBodySchema = z
  .object({ position: z.enum(assignablePositions).default('administrator') })
  .strict();
export type InvitationCreateBody = z.input<typeof invitationCreateBodySchema>;

/** An invitation as its station's managers see it: never the token, which only its creator ever sees. */
export const invitationSchema = z.object({
  id: z.string(),
  station_id: z.string(),
  position: z.enum(assignablePositions),
  created_at: z.string(),
  expires_at: z.string(),
  /** Who made it; null once that user is deleted. */
  created_by: z
    .object({ id: z.string(), name: z.string().nullable(), surname: z.string().nullable() })
    .nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The answer to creating one: the only time the token (and so the link) leaves the server. */
export const invitationCreatedSchema = z.object({
  id: z.string(),
  token: z.string(),
  /** The whole link, built on the server's public address; the web client builds it on its own origin. */
  url: z.string(),
  position: z.enum(assignablePositions),
  expires_at: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

export const invitationListResponseSchema = z.object({ invitations: z.array(invitationSchema) });
export const invitationResponseSchema = z.object({ invitation: invitationSchema });

/**
 * Body of `POST /api/station/invitations/preview`: the link's station and token. Public (the invitee has
 * not signed in yet); the token is the proof of having the link, so it travels in the body, not the URL.
 */
export const invitationPreviewBodySchema = z
  .object({ station_id: id, token: z.string().min(1).max(128) })
  .strict();

/** What an active invitation tells its invitee before sign-in: who invites him, where, as whom. */
export const invitationPreviewSchema = z.object({
  /** «Имя Фамилия» of who made the link; null once that user is deleted or has no name. */
  inviter: z.string().nullable(),
  station_name: z.string(),
  network_name: z.string(),
  /** Stations of the network: the invitation opens all of them. */
  station_count: z.number().int().nonnegative(),
  position: z.enum(assignablePositions),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
