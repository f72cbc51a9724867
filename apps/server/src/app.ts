import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from './app-deps';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { pgRateLimitStore, rateLimitKey } from './plugins/rate-limit-store';
import { guardedValidatorCompiler, inputGuardPlugin } from './plugins/input-guard';
import { noStorePlugin } from './plugins/no-store';
import { assetHeadersPlugin } from './plugins/asset-headers';
import { shutdownPlugin } from './plugins/shutdown';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { personalizeLoginPage } from './login-page';
import { inlineScriptHashes } from './inline-scripts';
import { healthRoutes } from './modules/health/health.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { stationsRoutes } from './modules/stations/stations.routes';
import { logsRoutes } from './modules/logs/logs.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { wizardRoutes } from './modules/wizard/wizard.routes';
import { carsRoutes } from './modules/cars/cars.routes';
import { tariffsRoutes } from './modules/tariffs/tariffs.routes';
import { tariffEditRoutes } from './modules/tariffs/tariff-edit.routes';
import { driversRoutes } from './modules/drivers/drivers.routes';
import { driversImportRoutes } from './modules/drivers/drivers-import.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { ownTariffsRoutes } from './modules/tariffs/own-tariffs.routes';
import { slotsRoutes } from './modules/slots/slots.routes';
import { legalRoutes } from './modules/legal/legal.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { orderTimelineRoutes } from './modules/notifications/timeline.routes';
import { telegramBotRoutes } from './modules/telegram/telegram.routes';
import { createOutbox } from './modules/notifications/outbox';
import { createPushChannel } from './modules/notifications/push-channel';
import { createTelegramChannel } from './modules/telegram/telegram-channel';
import type { ChannelSender } from './modules/notifications/channels';
import { partnersRoutes } from './modules/partners/partners.routes';
import { partnerApiRoutes } from './modules/partners/partner-api.routes';
import { createPartnerCallbackSender } from './modules/partners/partner-callbacks';
import { onlineBookingRoutes } from './modules/online-booking/online-booking.routes';
import { shiftsRoutes } from './modules/shifts/shifts.routes';
import { publicBookingRoutes } from './modules/online-booking/public-booking.routes';

export interface BuildOptions extends AppDeps {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web client from this folder (absent in API tests). */
  webDist?: string | null;
  /**
   * Run the notification outbox in this process (the server: `config.outboxWorker`). Off by default:
   * API tests build many apps and start their own outbox where they test it.
   */
  startOutbox?: boolean;
}

/**
 * HTTPS with HTTP/2 when a certificate is configured (TLS_CERT_FILE): a phone on mobile data then gets the
 * page's files over one connection at once instead of six at a time, each queued behind the one before
 * (HTTP/1.1 stays for clients that do not offer h2). Typed as a plain object so the app keeps one type.
 */
function transportOptions(tls: AppDeps['config']['tls']): object {
  if (!tls) return {};
  return {
    http2: true,
    https: { allowHTTP1: true, cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) },
  };
}

const defaultWebDist = resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));

export async function buildApp(options: BuildOptions) {
  const {
    logger = false,
    webDist = options.config.webDistDir ?? defaultWebDist,
    startOutbox = false,
    ...deps
  } = options;
  const app = Fastify({
    ...transportOptions(deps.config.tls),
    logger,
    // Off unless configured: otherwise any client could pick its own IP with X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < options.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomBytes(8).toString('hex'),
    // The router's own refusals (bad %-escapes, overlong ids) in the one error shape too (DESIGN §4).
    frameworkErrors,
    // A call that reaches an open connection while the server closes is served, not refused with 503:
    // it was sent before the process began to stop (plugins/shutdown.ts, issue 41).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  // Every validated part is first checked for NUL and lone surrogates (DESIGN §8).
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(shutdownPlugin);
  // Before any route: its onRoute hook covers the parts a route reads without a schema.
  await app.register(inputGuardPlugin);
  await app.register(noStorePlugin);
  await app.register(assetHeadersPlugin);
  await app.register(cookie, { secret: deps.config.cookieSecret ?? randomBytes(32).toString('hex') });
  // The built pages, read once: served below, and their inline script (theme-init.js) allowed by its hash,
  // nothing else inline.
  const builtPage = (name: string) => {
    const file = webDist ? join(webDist, name) : null;
    return file && existsSync(file) ? readFileSync(file, 'utf8') : null;
  };
  const indexPage = builtPage('index.html');
  const loginPage = builtPage('login.html');
  const bookPage = builtPage('book.html');
  const pageScripts = new Set(
    [indexPage, loginPage].flatMap((page) => (page ? inlineScriptHashes(page) : [])),
  );
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...pageScripts, 'https://telegram.org'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        // The Telegram web client runs the mini-app in a cross-site iframe (DESIGN §5).
        frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
        upgradeInsecureRequests: deps.config.secureCookies ? [] : null,
      },
    },
    frameguard: false,
    // HSTS over plain http would pin a host (localhost, a LAN address) to an https it does not serve.
    hsts: deps.config.secureCookies ? undefined : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Its hooks run before the session lookup's: a shed call must cost next to nothing (DESIGN §8).
  await app.register(loadSheddingPlugin, deps.config.loadShedding);
  // Before the routes: its response hook times every one of them (GET /metrics, issue 41).
  await app.register(metricsRoutes, deps);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(deps.db),
    keyGenerator: rateLimitKey,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Car-wash CRM API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { db: deps.db });

  for (const routes of [
    healthRoutes,
    authRoutes,
    usersRoutes,
    stationsRoutes,
    logsRoutes,
    geoRoutes,
    wizardRoutes,
    carsRoutes,
    tariffsRoutes,
    tariffEditRoutes,
    driversRoutes,
    driversImportRoutes,
    ordersRoutes,
    eventsRoutes,
    analyticsRoutes,
    invitationsRoutes,
    slotsRoutes,
    legalRoutes,
    notificationsRoutes,
    orderTimelineRoutes,
    telegramBotRoutes,
    partnersRoutes,
    partnerApiRoutes,
    onlineBookingRoutes,
    shiftsRoutes,
    publicBookingRoutes,
    // After orders: the gates run operations in document order, and deleting a tariff must not starve them.
    ownTariffsRoutes,
  ]) {
    await app.register(routes, deps);
  }

  if (startOutbox) {
    const channels = [createPushChannel(deps), createTelegramChannel(deps)].filter(
      (channel): channel is ChannelSender => channel !== null,
    );
    const outbox = createOutbox({
      db: deps.db,
      database: deps.database,
      channels,
      partnerCallbacks: createPartnerCallbackSender(),
      log: app.log,
    });
    app.addHook('onReady', () => outbox.start());
    app.addHook('onClose', () => outbox.stop());
  }

  if (indexPage && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes each hashed file also as .br and .gz at their best levels (apps/web/build/
      // precompress.ts): sent as they are, brotli first, ≈ 13 % fewer bytes than gzip on a first visit
      // (issue 40). A file without them is compressed on the fly as before.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed assets never change; everything else (index.html, sw.js, manifest) must revalidate.
        res.header(
          'Cache-Control',
          path.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  if (loginPage) {
    const loginContent = personalizeLoginPage(loginPage, {
      demo: !!deps.adapters.identity.local,
      supportUrl: deps.config.supportUrl,
    });
    // S1 §2 «Auth routes»: the login page, a page of its own (login-page.ts).
    app.get('/auth/yandex', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(loginContent),
    );
  }
  if (bookPage) {
    // Issue 37: the public booking page is its own small entry (no staff app); its client routes are these.
    const sendBookPage = (_request: unknown, reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(bookPage);
    for (const path of ['/book/:code', '/book/:code/privacy', '/booking/:token']) {
      app.get(path, { schema: { hide: true } }, sendBookPage);
    }
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing file (an old hashed chunk after a deploy) must be a 404, not index.html served as script.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]!);
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !indexPage || isFile) {
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: 'Запрашиваемые данные не найдены.' } });
    }
    // Client-side routes: the SPA decides what to show.
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexPage);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
