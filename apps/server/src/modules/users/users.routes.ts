import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addUserAdminBodySchema,
  addUserAdminParamsSchema,
  crmDataResponseSchema,
  crmDataUpdateSchema,
  moveToStationBodySchema,
  moveToStationParamsSchema,
  userEnvelopeSchema,
  userIdParamsSchema,
  userQuerySchema,
  userResponseSchema,
  userUpdateBodySchema,
  userUpdateParamsSchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { addUserAdmin } from './add-user-admin.service';
import { getCrmData, getUser, moveToStation, updateCrmData, updateUser } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // Sign-in is checked before validation, so a signed-out caller learns nothing from field messages.
  const signedIn = { preValidation: app.requireUser };

  app.get(
    '/api/user/:id',
    {
      ...signedIn,
      schema: {
        params: userIdParamsSchema,
        querystring: userQuerySchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => getUser(db, authOf(request), request.params.id),
  );

  app.post(
    '/api/user/update/:userId',
    {
      ...signedIn,
      schema: {
        params: userUpdateParamsSchema,
        body: userUpdateBodySchema,
        response: { 200: userEnvelopeSchema },
      },
    },
    async (request) => ({ user: await updateUser(db, authOf(request), request.params.userId, request.body) }),
  );

  app.get(
    '/api/user/get_crm_data/:id',
    { ...signedIn, schema: { params: userIdParamsSchema, response: { 200: crmDataResponseSchema } } },
    async (request) => ({ crm_data: await getCrmData(db, authOf(request), request.params.id) }),
  );

  app.post(
    '/api/user/update_crm_data/:id',
    {
      ...signedIn,
      schema: {
        params: userIdParamsSchema,
        body: crmDataUpdateSchema,
        response: { 200: crmDataResponseSchema },
      },
    },
    async (request) => ({
      crm_data: await updateCrmData(db, authOf(request), request.params.id, request.body.crm_data),
    }),
  );

  app.post(
    '/api/user/move_to_station/:stationId/:userId',
    {
      ...signedIn,
      schema: {
        params: moveToStationParamsSchema,
        body: moveToStationBodySchema,
        response: { 200: userEnvelopeSchema },
      },
    },
    async (request) => ({
      user: await moveToStation(
        db,
        authOf(request),
        request.params.stationId,
        request.params.userId,
        request.body?.token,
      ),
    }),
  );

  app.post(
    '/api/user/add_user_admin/:id',
    {
      ...signedIn,
      schema: {
        // Role admin only; no network position admits it (the worker gets 403 like everyone else).
        'x-positions': [],
        params: addUserAdminParamsSchema,
        body: addUserAdminBodySchema,
        response: { 200: userEnvelopeSchema },
      },
    },
    async (request) => ({
      user: await addUserAdmin(db, authOf(request), request.params.id, request.body),
    }),
  );
};
