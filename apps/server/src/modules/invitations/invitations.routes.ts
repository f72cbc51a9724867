import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationCreateBodySchema,
  invitationCreatedSchema,
  invitationIdParamsSchema,
  invitationListResponseSchema,
  invitationPreviewBodySchema,
  invitationPreviewSchema,
  invitationResponseSchema,
  invitationStationParamsSchema,
  managerPositions,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import {
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.service';

/**
 * Invitation links of a station (S1 §2, S2 §2 «Administrators / staff», DESIGN §10). Owners and principals
 * only (`x-positions`, checked by the tenancy gate); role admin passes as support staff.
 */
export const invitationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  // Sign-in is checked before validation, so a signed-out caller learns nothing from field messages.
  const signedIn = { preValidation: app.requireUser };

  app.post(
    '/api/station/invitations/:stationId',
    {
      ...signedIn,
      schema: {
        'x-positions': managerPositions,
        params: invitationStationParamsSchema,
        // No body at all means the default position, as an empty object does.
        body: invitationCreateBodySchema.nullish(),
        response: { 200: invitationCreatedSchema },
      },
    },
    async (request, reply) => {
      // The answer carries the token: no cache, proxy or back button may keep it.
      reply.header('Cache-Control', 'no-store');
      return createInvitation(
        db,
        authOf(request),
        request.params.stationId,
        request.body?.position ?? 'administrator',
        config.publicUrl,
      );
    },
  );

  app.post(
    '/api/station/invitations/preview',
    {
      // Public: the invitee reads it on the sign-in page, before he has an account. The token is the key.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: invitationPreviewBodySchema,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return previewInvitation(db, request.body.station_id, request.body.token);
    },
  );

  app.get(
    '/api/station/invitations/:stationId',
    {
      ...signedIn,
      schema: {
        'x-positions': managerPositions,
        params: invitationStationParamsSchema,
        response: { 200: invitationListResponseSchema },
      },
    },
    async (request, reply) => {
      // Names of staff: personal data is not cached (DESIGN §8).
      reply.header('Cache-Control', 'no-store');
      return { invitations: await listInvitations(db, authOf(request), request.params.stationId) };
    },
  );

  app.post(
    '/api/station/invitations/revoke/:id',
    {
      ...signedIn,
      schema: {
        'x-positions': managerPositions,
        params: invitationIdParamsSchema,
        response: { 200: invitationResponseSchema },
      },
    },
    async (request) => ({ invitation: await revokeInvitation(db, authOf(request), request.params.id) }),
  );
};
