import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  newOrdersResponseSchema,
  orderCancelSchema,
  orderCompletePaymentSchema,
  orderCreateSchema,
  orderDetailsResponseSchema,
  orderListRequestSchema,
  orderListResponseSchema,
  orderMoveSchema,
  orderPaymentSchema,
  orderSchema,
  orderStepQuerySchema,
  orderUpdateSchema,
} from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { calendarRoutes } from './calendar.routes';
import { orderWriterPositions } from './order-access';
import { moveOrder } from './order-move';
import { scheduleViewRoutes } from './schedule-view';
import { cancelOrder, moveOrderStep, payOrder, type OrderStep } from './order-status.service';
import { createOrder, listOrders, newOrders, orderDetails, updateOrder } from './orders.service';

const idParams = z.object({ id: z.string() });
const stationParams = z.object({ stationId: z.string() });
/** What every order write answers: the order as it now is. */
export const orderResponseSchema = z.object({ order: orderSchema });

/** The spec's step calls (S1 §7), POST here (DESIGN §4); `order_completed` has its own route below. */
const stepCalls: Record<string, OrderStep> = {
  order_booked: 'Booked',
  order_processing: 'Processing',
};

export const ordersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  // Before `/api/order/:id` in the document; the router prefers the static path whatever the order.
  await app.register(calendarRoutes, deps);
  await app.register(scheduleViewRoutes, deps);

  app.post(
    '/api/create_order/:stationId',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': orderWriterPositions,
        params: stationParams,
        body: orderCreateSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({
      order: await createOrder(db, authOf(request), request.params.stationId, request.body),
    }),
  );

  app.post(
    '/api/own_order/update/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': orderWriterPositions,
        params: idParams,
        body: orderUpdateSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({
      order: await updateOrder(db, authOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/own_order/move/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': orderWriterPositions,
        params: idParams,
        body: orderMoveSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({
      order: await moveOrder(db, authOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/order/list',
    {
      preValidation: app.requireUser,
      schema: { body: orderListRequestSchema, response: { 200: orderListResponseSchema } },
    },
    async (request) => listOrders(db, authOf(request), request.body),
  );

  app.get(
    '/api/order/list/new/:stationId',
    {
      preValidation: app.requireUser,
      schema: { params: stationParams, response: { 200: newOrdersResponseSchema } },
    },
    async (request) => newOrders(db, authOf(request), request.params.stationId),
  );

  app.get(
    '/api/order/:id',
    {
      preValidation: app.requireUser,
      schema: { params: idParams, response: { 200: orderDetailsResponseSchema } },
    },
    async (request) => orderDetails(db, authOf(request), request.params.id),
  );

  for (const [call, to] of Object.entries(stepCalls)) {
    app.post(
      `/api/${call}/:id`,
      {
        preValidation: app.requireUser,
        schema: {
          params: idParams,
          querystring: orderStepQuerySchema,
          response: { 200: orderResponseSchema },
        },
      },
      async (request) => ({
        order: await moveOrderStep(db, authOf(request), request.params.id, to, request.query.skip_validation),
      }),
    );
  }

  // Completion may carry the payment taken, written with the status in one transaction (issue 10).
  app.post(
    '/api/order_completed/:id',
    {
      preValidation: app.requireUser,
      schema: {
        params: idParams,
        querystring: orderStepQuerySchema,
        body: orderCompletePaymentSchema.nullish(),
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({
      order: await moveOrderStep(
        db,
        authOf(request),
        request.params.id,
        'Completed',
        request.query.skip_validation,
        request.body ?? undefined,
      ),
    }),
  );

  app.post(
    '/api/order_canceled/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': orderWriterPositions,
        params: idParams,
        // The spec sends the reason as a query parameter; a JSON body works too.
        querystring: orderCancelSchema,
        body: orderCancelSchema.nullish(),
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({
      order: await cancelOrder(
        db,
        authOf(request),
        request.params.id,
        request.query.cancel_reason ?? request.body?.cancel_reason,
        request.query.cancel_comment ?? request.body?.cancel_comment,
      ),
    }),
  );

  app.post(
    '/api/order/payment/:id',
    {
      preValidation: app.requireUser,
      schema: {
        'x-positions': orderWriterPositions,
        params: idParams,
        body: orderPaymentSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({ order: await payOrder(db, authOf(request), request.params.id, request.body) }),
  );
};
