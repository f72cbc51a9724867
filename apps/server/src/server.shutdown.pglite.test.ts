import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, stationIdByName, type ApiSession } from '../../../e2e/support/api';
import { freePort, repoRoot, serverNodeFlags } from '../../../e2e/support/server';

const calls = 20;
/** Of them, POSTs whose body is sent only after SIGTERM: certainly in flight when the signal comes. */
const held = 4;
const metricsToken = 'shutdown-test-metrics';

/**
 * Issue 41: SIGTERM is a rolling restart's step, not a crash. The real server (`npm start`'s command, the
 * embedded database, the demo data, the outbox on) gets SIGTERM once it has received 20 API calls (its
 * /metrics says so: in flight, waiting, or answered) and while an order event stream is open — 4 of them
 * POSTs whose body comes only after the signal, so they are in flight whatever the host's speed: every
 * call is answered 2xx (none 503, none reset), the stream is ended (its EventSource reconnects, behind a
 * proxy to another instance), and the process exits 0 in well under 10 s.
 *
 * The signal waits for the server to have the calls: sent and signalled at once, on a loaded host some
 * connections were made only after SHUTDOWN_DELAY_MS, when the server no longer listened (ECONNREFUSED,
 * 1 run in 3) — a call that never reached it, not one it dropped. Load shedding is off here (a loaded host
 * would answer some calls 503 OVERLOADED by design, and the held ones pass the response deadline): it has
 * its own tests.
 */
describe('SIGTERM drains the server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crm-shutdown-'));
  const logPath = join(dir, 'server.log');
  let child: ReturnType<typeof spawn>;
  let baseUrl: string;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  let session: ApiSession;
  let stationId: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of [
      'DATABASE_URL',
      'YANDEX_CLIENT_ID',
      'YANDEX_CLIENT_SECRET',
      'AUTH_LOCAL',
      'COOKIE_SECRET',
    ]) {
      delete env[key];
    }
    Object.assign(env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: join(dir, 'data'),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: metricsToken,
      RESPONSE_DEADLINE_MS: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // No web client: the API alone.
      WEB_DIST_DIR: join(dir, 'no-web'),
    });
    const log = openSync(logPath, 'a');
    child = spawn(process.execPath, [...serverNodeFlags, 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', log, log],
    });
    exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
    );
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${readFileSync(logPath, 'utf8')}`);
      if (Date.now() > deadline)
        throw new Error(`the server did not start:\n${readFileSync(logPath, 'utf8')}`);
      const ok = await fetch(`${baseUrl}/api/ready`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    session = await apiSignIn(baseUrl, 'administrator');
    stationId = await stationIdByName(session, 'Мойка на Ленина');
  }, 120_000);

  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it(`answers ${calls} calls in flight, ends the open streams and exits 0 within 10 s`, async () => {
    // An operator's screen: the station's order event stream, open and confirmed live.
    const stream = await fetch(`${baseUrl}/api/events?station_id=${stationId}`, {
      headers: { cookie: session.cookie },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain(': connected');
    const streamEnded = (async () => {
      for (;;) {
        const { done } = await reader.read().catch(() => ({ done: true, error: true }));
        if (done) return performance.now();
      }
    })();

    // The calendar's week lists, each for another week (no shared cache), and the station list.
    const week = (i: number) => {
      const start = new Date(Date.UTC(2026, 0, 5 + 7 * i));
      const end = new Date(start.getTime() + 7 * 86_400_000);
      return `date_start=${start.toISOString().slice(0, 10)}&date_end=${end.toISOString().slice(0, 10)}`;
    };
    /** API calls the server has received: in flight, waiting for a slot, or answered (by route). */
    const received = async () => {
      const text = await fetch(`${baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      }).then((res) => res.text());
      let n = 0;
      for (const line of text.split('\n')) {
        if (/^crm_api_calls_(in_flight|queued) /.test(line)) n += Number(line.split(' ')[1]);
        else if (
          /^http_request_duration_seconds_count\{.*route="\/api\/(order\/calendar|station\/list)"/.test(line)
        )
          n += Number(line.split(' ')[1]);
      }
      return n;
    };
    const before = await received();
    const answer = (status: number, body: string) => ({ status, body, at: performance.now() });
    const failure = (error: unknown) => ({
      status: 0,
      body: String((error as Error).cause ?? error),
      at: 0,
    });
    const sent = Array.from({ length: calls - held }, (_, i) =>
      (i % 4 === 3
        ? session.call('/api/station/list', { body: { user_id: session.userId } })
        : session.call(`/api/order/calendar?station_id=${stationId}&${week(i)}`)
      ).then(async (res) => answer(res.status, await res.text()), failure),
    );
    // The station list, its request line and headers sent and its body not yet.
    const body = JSON.stringify({ user_id: session.userId });
    const holding = Array.from({ length: held }, () => {
      const req = httpRequest(`${baseUrl}/api/station/list`, {
        method: 'POST',
        headers: {
          cookie: session.cookie,
          'x-user-id': session.userId,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      const answered = new Promise<{ status: number; body: string; at: number }>((resolve) => {
        req.once('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.once('end', () => resolve(answer(res.statusCode ?? 0, text)));
          res.once('error', (error) => resolve(failure(error)));
        });
        req.once('error', (error) => resolve(failure(error)));
      });
      req.flushHeaders();
      return { req, answered };
    });
    const inFlight = [...sent, ...holding.map((h) => h.answered)];
    const waitedFrom = performance.now();
    for (;;) {
      const n = (await received()) - before;
      if (n >= calls) break;
      if (performance.now() - waitedFrom > 30_000)
        throw new Error(`the server received ${n} of the ${calls} calls in 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const signalled = performance.now();
    child.kill('SIGTERM');
    // Readiness says 503 at once, while calls are still served (a proxy sends new ones elsewhere).
    let ready = 200;
    while (ready === 200 && performance.now() - signalled < 5000) {
      ready = await fetch(`${baseUrl}/api/ready`).then(
        (res) => res.status,
        () => 0,
      );
    }
    expect(ready).toBe(503);
    // The held calls' bodies come now, after the signal and with readiness at 503.
    for (const { req } of holding) req.end(body);

    const answers = await Promise.all(inFlight);
    const exit = await Promise.race([
      exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
    ]);
    const ended = await Promise.race([
      streamEnded,
      new Promise<null>((resolve) => setTimeout(resolve, 100, null)),
    ]);
    const log = readFileSync(logPath, 'utf8');

    const answeredBefore = answers.filter((a) => a.at > 0 && a.at < signalled).length;
    const failed = answers.filter((a) => a.status < 200 || a.status >= 300);
    expect(failed, log).toEqual([]);
    // In flight at the signal, and answered after it.
    expect(answers.filter((a) => a.at > signalled).length).toBeGreaterThanOrEqual(held);
    expect(exit, `still running 15 s after SIGTERM:\n${log}`).not.toBeNull();
    expect(exit!.code, log).toBe(0);
    const exitMs = exit!.at - signalled;
    const slowest = Math.max(...answers.map((a) => a.at - signalled));
    console.log(
      `${calls} calls received before SIGTERM (${answeredBefore} of the ${calls - held} sent whole answered by then, ` +
        `${held} held until after it): all 2xx, the last ${Math.round(slowest)} ms after SIGTERM; ` +
        `exit ${Math.round(exitMs)} ms after SIGTERM (SHUTDOWN_DELAY_MS 1000)`,
    );
    expect(exitMs).toBeLessThan(10_000);
    expect(ended, 'the event stream was not ended').not.toBeNull();
    expect(ended!).toBeLessThan(exit!.at);
    // Nothing failed on the way out (the outbox stopped before the database closed): no error lines.
    expect(log).not.toMatch(/"level":(50|60)/);
  }, 60_000);
});
