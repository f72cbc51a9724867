import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userEnvelopeSchema } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { finishWizard } from './wizard.service';

const paramsSchema = z.object({ stationId: z.string().min(1).max(64) });

/** `POST /api/wizard/finish/{stationId}` — a POST, not the spec's GET: it changes state (DESIGN §7). */
export const wizardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/wizard/finish/:stationId',
    {
      preValidation: app.requireUser,
      schema: { params: paramsSchema, response: { 200: userEnvelopeSchema } },
    },
    async (request) => ({ user: await finishWizard(db, authOf(request), request.params.stationId) }),
  );
};
