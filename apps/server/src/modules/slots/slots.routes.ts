import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  figuresPositions,
  slotBlockBodySchema,
  slotBlockDayBodySchema,
  slotBlockDayResponseSchema,
  slotBlockResponseSchema,
  slotParamsSchema,
  slotsQuerySchema,
  slotsResponseSchema,
  timeSlotPatchBodySchema,
  timeSlotPatchParamsSchema,
  timeSlotsBodySchema,
  timeSlotsResponseSchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { readSlots, setSlots, toggleDay, toggleSlot } from './slots.service';

const stationParams = z.object({ stationId: z.string().min(1).max(64) });

/** Slot manager (S2 §7 «Slots»; DESIGN §6 derived slots, §10 the whole day in one call). */
export const slotsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/slots/:stationId',
    {
      preValidation: app.requireUser,
      schema: {
        params: stationParams,
        querystring: slotsQuerySchema,
        response: { 200: slotsResponseSchema },
      },
    },
    async (request) => readSlots(db, authOf(request), request.params.stationId, request.query.selected_date),
  );

  app.post(
    '/api/slots/block/:stationId/:slotId',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': figuresPositions,
        params: slotParamsSchema,
        body: slotBlockBodySchema,
        response: { 200: slotBlockResponseSchema },
      },
    },
    async (request) => {
      const { stationId, slotId } = request.params;
      return { slot: await toggleSlot(db, authOf(request), stationId, slotId, !request.body.to_unblock) };
    },
  );

  app.post(
    '/api/slots/block_day/:stationId',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': figuresPositions,
        params: stationParams,
        body: slotBlockDayBodySchema,
        response: { 200: slotBlockDayResponseSchema },
      },
    },
    async (request) =>
      toggleDay(db, authOf(request), request.params.stationId, request.body.date, !request.body.to_unblock),
  );

  app.patch(
    '/api/time-slots/:slotId',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': figuresPositions,
        params: timeSlotPatchParamsSchema,
        body: timeSlotPatchBodySchema,
        response: { 200: slotBlockResponseSchema },
      },
    },
    async (request) => {
      const { station_id, status } = request.body;
      const block = status === 'Blocked';
      return { slot: await toggleSlot(db, authOf(request), station_id, request.params.slotId, block) };
    },
  );

  app.post(
    '/api/time-slots',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': figuresPositions,
        body: timeSlotsBodySchema,
        response: { 200: timeSlotsResponseSchema },
      },
    },
    async (request) => setSlots(db, authOf(request), request.body.station_id, request.body.slots),
  );
};
