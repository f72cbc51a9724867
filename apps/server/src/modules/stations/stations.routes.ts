import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  managerPositions,
  stationCreateResponseSchema,
  stationCreateSchema,
  stationIdParamsSchema,
  stationListBodySchema,
  stationListResponseSchema,
  stationResponseSchema,
  stationUpdateSchema,
  stationUsersResponseSchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { forbidden } from '../../plugins/errors';
import { createStation, getStation, listStationUsers, listStations } from './stations.service';
import { updateStation } from './station-update';

export const stationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/api/station/list',
    {
      preValidation: app.requireUser,
      schema: { body: stationListBodySchema, response: { 200: stationListResponseSchema } },
    },
    async (request) => {
      const caller = authOf(request);
      // Identity is the session's; a body naming someone else asks for their stations, which is not ours to give.
      if (request.body.user_id !== caller.userId) throw forbidden();
      return { stations: await listStations(db, caller) };
    },
  );

  app.get(
    '/api/station/:id',
    {
      preValidation: app.requireUser,
      schema: { params: stationIdParamsSchema, response: { 200: stationResponseSchema } },
    },
    async (request) => ({ station: await getStation(db, authOf(request), request.params.id) }),
  );

  app.post(
    '/api/station/create',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': managerPositions,
        body: stationCreateSchema,
        response: { 200: stationCreateResponseSchema },
      },
    },
    async (request) => ({ data: await createStation(db, authOf(request), request.body) }),
  );

  app.post(
    '/api/station/update/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': managerPositions,
        params: stationIdParamsSchema,
        body: stationUpdateSchema,
        response: { 200: stationResponseSchema },
      },
    },
    async (request) => ({
      station: await updateStation(db, authOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/station/list_of_users/:id',
    {
      preValidation: app.requireUser,
      schema: { params: stationIdParamsSchema, response: { 200: stationUsersResponseSchema } },
    },
    async (request) => ({ users: await listStationUsers(db, authOf(request), request.params.id) }),
  );
};
