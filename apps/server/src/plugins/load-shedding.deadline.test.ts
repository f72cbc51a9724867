import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CallCost, loadSheddingPlugin } from './load-shedding';

/**
 * The deadline on a model of the embedded database: one call at a time, each taking SERVICE_MS, behind a
 * generous cap. Without a deadline a burst is all let in and its last call waits for the whole burst.
 */
const SERVICE_MS = 40;
const BURST = 60;

async function appWith(deadlineMs: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(loadSheddingPlugin, {
    maxInFlight: 64,
    maxQueueWaitMs: 500,
    maxEventLoopDelayMs: 0,
    deadlineMs,
  });
  let database = Promise.resolve();
  app.get('/api/week', async () => {
    const turn = database.then(() => new Promise<void>((done) => setTimeout(done, SERVICE_MS)));
    database = turn;
    await turn;
    return { ok: true };
  });
  return app;
}

async function burst(app: FastifyInstance) {
  const answers = await Promise.all(
    Array.from({ length: BURST }, async () => {
      const from = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/week' });
      return { status: res.statusCode, ms: performance.now() - from, retryAfter: res.headers['retry-after'] };
    }),
  );
  return {
    served: answers.filter((a) => a.status === 200),
    shed: answers.filter((a) => a.status === 503),
  };
}

describe('load shedding: a deadline on the time to answer', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('serves a burst only as far as it can answer in time, and sheds the rest at once', async () => {
    app = await appWith(600);
    // Warm: the cost per call is measured on served calls.
    for (let i = 0; i < 4; i++)
      expect((await app.inject({ method: 'GET', url: '/api/week' })).statusCode).toBe(200);
    const { served, shed } = await burst(app);
    // More than the 4 calls the plugin always lets in: the deadline admitted calls by their measured cost.
    // Not a fraction of the model's 15 a deadline holds: setTimeout runs late on a loaded host, the measured
    // cost rises with it and fewer fit (7 of 15 at a load average of 5.5 in CI, where half was asked).
    expect(served.length).toBeGreaterThan(4);
    expect(shed.length).toBeGreaterThan(0);
    // Every served call within the deadline, with room for the model's timer slack on a loaded host.
    expect(Math.max(...served.map((a) => a.ms))).toBeLessThan(600 + 4 * SERVICE_MS);
    expect(shed.every((a) => a.retryAfter === '2')).toBe(true);
    expect(app.loadShedding.shed.deadline).toBeGreaterThan(0);
  });

  it('without a deadline the same burst is all served, the last call after the whole burst', async () => {
    app = await appWith(0);
    const { served, shed } = await burst(app);
    expect(shed).toHaveLength(0);
    expect(Math.max(...served.map((a) => a.ms))).toBeGreaterThan(BURST * SERVICE_MS * 0.9);
  });

  it('lets the first calls in before any cost is known, and the rest wait for them rather than being shed', async () => {
    app = await appWith(600);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app!.inject({ method: 'GET', url: '/api/week' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe('load shedding: a call let in that waits past its deadline before its handler', () => {
  it('is shed before the handler runs, and the handler never sees it', async () => {
    const app = Fastify();
    await app.register(loadSheddingPlugin, {
      maxInFlight: 64,
      maxQueueWaitMs: 500,
      maxEventLoopDelayMs: 0,
      deadlineMs: 300,
    });
    // The session's read, stalled behind something else for 400 ms.
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-stall']) await new Promise((done) => setTimeout(done, 400));
    });
    let handled = 0;
    app.post('/api/order/create', async () => ({ created: ++handled }));
    try {
      const late = await app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: { 'x-stall': '1' },
      });
      expect(late.statusCode).toBe(503);
      expect(late.json().error.code).toBe('OVERLOADED');
      expect(handled).toBe(0);
      const onTime = await app.inject({ method: 'POST', url: '/api/order/create' });
      expect(onTime.statusCode).toBe(200);
      expect(handled).toBe(1);
      expect(app.loadShedding.shed.deadline).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('CallCost', () => {
  it('is unknown before a call, then the median duration per call in flight, unmoved by one slow call', () => {
    const cost = new CallCost();
    expect(cost.perCallMs()).toBeNull();
    for (let i = 0; i < 10; i++) cost.record(400, 10); // 40 ms a call, 10 in flight
    cost.record(5000, 1); // one export
    expect(cost.perCallMs()).toBe(40);
  });
});
