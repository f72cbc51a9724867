import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  managerPositions,
  shiftCopyBodySchema,
  shiftCopyResponseSchema,
  shiftSetBodySchema,
  shiftSetResponseSchema,
  shiftsParamsSchema,
  shiftsQuerySchema,
  shiftsResponseSchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { copyWeek, readWeek, setShift } from './shifts.service';

/**
 * The staff shift plan (issue 39 §3, `/employees/schedule`): a week of the station's staff × days. Members
 * read it; owners and principals (and role admin) write it (`x-positions`, checked by the tenancy gate).
 */
export const shiftsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/station/:stationId/shifts',
    {
      preValidation: app.requireUser,
      schema: {
        params: shiftsParamsSchema,
        querystring: shiftsQuerySchema,
        response: { 200: shiftsResponseSchema },
      },
    },
    async (request) => readWeek(db, authOf(request), request.params.stationId, request.query.week),
  );

  app.post(
    '/api/station/:stationId/shifts',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': managerPositions,
        params: shiftsParamsSchema,
        body: shiftSetBodySchema,
        response: { 200: shiftSetResponseSchema },
      },
    },
    async (request) => setShift(db, authOf(request), request.params.stationId, request.body),
  );

  app.post(
    '/api/station/:stationId/shifts/copy-week',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': managerPositions,
        params: shiftsParamsSchema,
        body: shiftCopyBodySchema,
        response: { 200: shiftCopyResponseSchema },
      },
    },
    async (request) => copyWeek(db, authOf(request), request.params.stationId, request.body),
  );
};
