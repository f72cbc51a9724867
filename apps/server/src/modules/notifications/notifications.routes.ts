import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationSettingsBodySchema,
  notificationSettingsResponseSchema,
  notificationStatusQuerySchema,
  notificationStatusSchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  pushUserParamsSchema,
  successResponseSchema,
} from '@crm/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import {
  notificationProfileOf,
  readNotificationSettings,
  saveNotificationSettings,
} from './notification-settings';
import {
  deleteSubscription,
  isSubscribed,
  saveSubscription,
  sendTestPush,
  vapidKeyStore,
} from './push.service';

const testPushResponseSchema = z.object({ success: z.boolean(), sent: z.number().int() });

/**
 * Each subscribe is a row and, later, a message per order to an address the caller chose; each test is
 * a push to every device of the caller. Enough for a person re-subscribing, not for a loop.
 */
const subscribeRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const testRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** Push subscriptions and notification settings (S1 §7 /push/*, /api/notifications/*; DESIGN §11). */
export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, adapters }) => {
  // Sign-in is checked before validation, so a signed-out caller learns nothing from field messages.
  const signedIn = { preValidation: app.requireUser };
  const vapidKeys = vapidKeyStore(db, config);

  /** The `{userId}` of S1 §7's /push calls can only be the caller: anyone else's id is not found. */
  const ownUserId = (callerId: string, userId: string) => {
    if (userId !== callerId) throw notFound();
    return callerId;
  };

  app.get(
    '/api/notifications/status',
    {
      ...signedIn,
      schema: { querystring: notificationStatusQuerySchema, response: { 200: notificationStatusSchema } },
    },
    async (request) => {
      const { userId } = authOf(request);
      const [keys, subscribed, profile] = await Promise.all([
        vapidKeys(),
        isSubscribed(db, userId, request.query.endpoint),
        notificationProfileOf(db, userId),
      ]);
      return {
        isSubscribed: subscribed,
        publicKey: keys.publicKey,
        settings: profile.settings,
        telegram: {
          connected: profile.telegramConnected,
          botName: config.telegram.botToken ? config.telegram.botName : null,
        },
      };
    },
  );

  app.post(
    '/api/notifications/subscribe',
    {
      ...signedIn,
      config: subscribeRateLimit,
      schema: { body: pushSubscribeBodySchema, response: { 200: successResponseSchema } },
    },
    async (request) => {
      const { userId } = authOf(request);
      await saveSubscription(db, config, userId, request.body.subscription, request.headers['user-agent']);
      return { success: true };
    },
  );

  app.post(
    '/api/notifications/unsubscribe',
    { ...signedIn, schema: { body: pushUnsubscribeBodySchema, response: { 200: successResponseSchema } } },
    async (request) => {
      await deleteSubscription(db, authOf(request).userId, request.body.endpoint);
      return { success: true };
    },
  );

  app.post(
    '/api/push/subscribe/:userId',
    {
      ...signedIn,
      config: subscribeRateLimit,
      schema: {
        params: pushUserParamsSchema,
        body: pushSubscribeBodySchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      const userId = ownUserId(authOf(request).userId, request.params.userId);
      await saveSubscription(db, config, userId, request.body.subscription, request.headers['user-agent']);
      return { success: true };
    },
  );

  app.post(
    '/api/push/unsubscribe/:userId',
    {
      ...signedIn,
      schema: {
        params: pushUserParamsSchema,
        body: pushUnsubscribeBodySchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      const userId = ownUserId(authOf(request).userId, request.params.userId);
      await deleteSubscription(db, userId, request.body.endpoint);
      return { success: true };
    },
  );

  app.get(
    '/api/notifications/settings',
    { ...signedIn, schema: { response: { 200: notificationSettingsResponseSchema } } },
    async (request) => ({ settings: await readNotificationSettings(db, authOf(request).userId) }),
  );

  app.post(
    '/api/notifications/settings',
    {
      ...signedIn,
      schema: { body: notificationSettingsBodySchema, response: { 200: notificationSettingsResponseSchema } },
    },
    async (request) => ({
      settings: await saveNotificationSettings(db, authOf(request).userId, request.body.settings),
    }),
  );

  app.post(
    '/api/notifications/test',
    { ...signedIn, config: testRateLimit, schema: { response: { 200: testPushResponseSchema } } },
    async (request) => {
      const auth = authOf(request);
      // The push demo panel of the notification settings is the system admin's (S1 §6, DESIGN §11).
      if (auth.role !== 'admin') throw forbidden();
      const sent = await sendTestPush(db, adapters.webPush, await vapidKeys(), auth.userId, request.log);
      return { success: sent > 0, sent };
    },
  );
};
