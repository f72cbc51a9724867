import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onlineBookingSettingsSchema, onlineBookingUpdateSchema } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import {
  confirmDataRemoval,
  getOnlineBookingSettings,
  settingsEditors,
  settingsReaders,
  updateOnlineBookingSettings,
} from './online-booking-settings.service';

const stationParams = z.object({ stationId: z.string().min(1).max(64) });
const requestParams = stationParams.extend({ requestId: z.string().min(1).max(64) });

/** The owner's «Онлайн-запись» settings of a station (issue 37); the public page's calls are apart. */
export const onlineBookingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const signedIn = { preValidation: app.requireUser };

  app.get(
    '/api/station/:stationId/online-booking',
    {
      ...signedIn,
      schema: {
        'x-positions': settingsReaders,
        params: stationParams,
        response: { 200: onlineBookingSettingsSchema },
      },
    },
    async (request) => getOnlineBookingSettings(db, authOf(request), request.params.stationId),
  );

  app.post(
    '/api/station/:stationId/online-booking',
    {
      ...signedIn,
      schema: {
        'x-positions': settingsEditors,
        params: stationParams,
        body: onlineBookingUpdateSchema,
        response: { 200: onlineBookingSettingsSchema },
      },
    },
    async (request) =>
      updateOnlineBookingSettings(db, authOf(request), request.params.stationId, request.body),
  );

  app.post(
    '/api/station/:stationId/online-booking/data-removal/:requestId',
    {
      ...signedIn,
      schema: {
        'x-positions': settingsEditors,
        params: requestParams,
        response: { 200: onlineBookingSettingsSchema },
      },
    },
    async (request) =>
      confirmDataRemoval(db, authOf(request), request.params.stationId, request.params.requestId),
  );
};
