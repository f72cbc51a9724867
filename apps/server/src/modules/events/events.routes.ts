import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventsTicketBodySchema, eventsTicketSchema, messages, type OrderStreamEvent } from '@crm/shared';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { AppError, unauthorized } from '../../plugins/errors';
import { calendarVersion } from '../orders/calendar.service';
import { loadStationForCaller } from '../stations/station-access';
import { createOrderEventBus, type OrderEventBus } from './order-event-bus';
import { openSseStream, type SseStream } from './sse-stream';
import { createStationFeed } from './station-feed';
import { issueStreamTicket, redeemStreamTicket } from './stream-tickets';

declare module 'fastify' {
  interface FastifyInstance {
    /** Order events of this process's LISTEN, by station (DESIGN §1). */
    orderEvents: OrderEventBus;
  }
}

const eventsQuerySchema = z.object({
  station_id: z.string(),
  /** EventSource cannot send headers: the user id may come as a parameter instead. */
  user_id: z.string().optional(),
  /** A bearer-token client's one-time pass (`POST /api/events/ticket`), as it has no cookie to send. */
  ticket: z.string().max(400).optional(),
});

const routes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, database }) => {
  const open = new Set<SseStream>();
  // The LISTEN connection lost (PostgreSQL restarted): the streams end and their clients reconnect.
  const bus = createOrderEventBus(database, app.log, () => {
    for (const stream of open) stream.end();
  });
  app.decorate('orderEvents', bus);
  const feed = createStationFeed(db, bus, app.log);
  // Open streams would keep `close()` waiting forever: end them first, then stop listening.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  app.addHook('onClose', async () => bus.close());

  app.post(
    '/api/events/ticket',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['events'],
        summary: 'A pass to the order events of a station, for a client without a session cookie',
        body: eventsTicketBodySchema,
        response: { 200: eventsTicketSchema },
      },
    },
    async (request) => {
      const caller = authOf(request);
      const { station } = await loadStationForCaller(db, caller, request.body.station_id);
      const { ticket, expiresAt } = await issueStreamTicket(db, caller, station.id);
      return { ticket, expires_at: expiresAt.toISOString() };
    },
  );

  app.get('/api/events', { schema: { querystring: eventsQuerySchema } }, async (request, reply) => {
    const { ticket, station_id } = request.query;
    const caller = request.auth ?? (ticket ? await redeemStreamTicket(db, ticket, station_id) : null);
    if (!caller) throw unauthorized();
    // EventSource cannot send X-User-Id. The header guards state changes against cross-site posts
    // (DESIGN §5); this is a read another site cannot see without CORS, so the session is enough. A
    // user id that is given (header or parameter) must still be the session's.
    const claimed = request.headers['x-user-id'] ?? request.query.user_id;
    if (claimed !== undefined && claimed !== caller.userId) {
      throw new AppError(401, 'USER_ID_MISMATCH', messages.auth.notAuthorized);
    }
    const { station, isAdmin } = await loadStationForCaller(db, caller, station_id);

    // Listening before the stream opens: nothing committed after the «connected» line is missed. What
    // comes before the stream exists waits, and follows the `ready` line.
    let stream: SseStream | null = null;
    const early: OrderStreamEvent[] = [];
    const unsubscribe = await feed.subscribe(station.id, {
      userId: caller.userId,
      isAdmin,
      send: (event) => (stream ? stream.send('order', event) : early.push(event)),
      revoke: () => stream?.end(),
    });
    // The station's calendar version once events are heard (issue 40): a screen holding an older one
    // missed a write (before the stream opened, or while it was down) and reloads its lists.
    let version: number | null = null;
    try {
      version = await calendarVersion(db, station);
    } catch (error) {
      // Without it a screen goes on with what it has; the lists' polling repairs a missed write.
      request.log.warn({ err: error }, 'order events: the calendar version could not be read');
    }
    reply.hijack();
    stream = openSseStream(reply.raw, {
      // Security headers set by the plugins so far still apply to the hijacked response.
      headers: reply.getHeaders(),
      onClose: () => {
        unsubscribe();
        open.delete(stream!);
      },
    });
    open.add(stream);
    // The client may have left while we subscribed: its 'close' has already fired. Over HTTP/2 the
    // request's own stream closes; the connection (socket) may carry other requests on.
    const raw = reply.raw as { stream?: { closed: boolean } };
    if (request.raw.socket?.destroyed || raw.stream?.closed) return stream.end();
    if (version !== null) stream.send('ready', { version });
    for (const event of early.splice(0)) stream.send('order', event);
  });
};

/**
 * `GET /api/events?station_id=…`: server-sent order events (S1 §9 polling stays as the fallback), and
 * `POST /api/events/ticket`, which lets a bearer-token client (Telegram) open them.
 */
export const eventsRoutes = fp(routes, { name: 'events-routes' });
