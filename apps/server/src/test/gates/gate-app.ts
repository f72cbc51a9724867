import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp } from '../../app';
import { createAdapters } from '../../adapters';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { createSession, SESSION_COOKIE } from '../../plugins/auth';
import { errSerializer, loggerOptions, reqSerializer } from '../../plugins/log-options';
import { openTestDatabase, testConfig } from '../test-app';

/** One server log line, as pino wrote it. */
export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string; gateCase?: string };
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

/** The header a gate puts on each request so a log line can be traced back to the case that caused it. */
export const GATE_CASE_HEADER = 'x-gate-case';

/** Pino writes into this array instead of stdout: the gates assert on what the server logged. */
function memoryLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (!text) continue;
        try {
          lines.push(JSON.parse(text) as LogLine);
        } catch {
          // A line pino could not write as JSON is itself a defect worth seeing.
          lines.push({ level: 60, msg: `unparsable log line: ${text.slice(0, 300)}` });
        }
      }
      done();
    },
  });
  return { lines, stream };
}

export interface Caller {
  login: string;
  userId: string;
  headers: Record<string, string>;
  /** A fresh session for the same user (a fuzzed /api/logout ends the old one). */
  renew(): Promise<void>;
}

/**
 * The real app (buildApp) on a fresh copy of the seeded database, with the server log captured at
 * `info` so that every error line can be matched to the request (`reqId` → the `incoming request` line).
 */
export async function createGateApp(
  env: Record<string, string> = {},
  /** Routes added before `ready()`: the self-check's deliberately broken canaries. */
  extraRoutes?: (app: FastifyInstance, db: Database) => Promise<void>,
) {
  const config = testConfig({ LOG_LEVEL: 'info', ...env });
  const database = await openTestDatabase();
  const log = memoryLog();
  const app = await buildApp({
    db: database.db,
    database,
    config,
    adapters: createAdapters(config),
    webDist: null,
    logger: {
      // The production logger (redaction, scrubbed errors), writing into memory.
      ...loggerOptions('info', log.stream),
      serializers: {
        err: errSerializer,
        // The production fields plus the header that ties a line to a gate case.
        req: (req: FastifyRequest) => ({
          ...reqSerializer(req),
          gateCase: req.headers[GATE_CASE_HEADER] as string | undefined,
        }),
      },
    },
  });
  if (extraRoutes) await app.register(async (scope) => extraRoutes(scope, database.db));
  await app.ready();

  async function loginAs(login: string): Promise<Caller> {
    const [user] = await database.db.select().from(users).where(eq(users.login, login));
    if (!user) throw new Error(`no demo user ${login}`);
    const caller: Caller = {
      login,
      userId: user.id,
      headers: {},
      async renew() {
        const { token } = await createSession(database.db, user.id);
        caller.headers = { cookie: `${SESSION_COOKIE}=${token}`, 'x-user-id': user.id };
      },
    };
    await caller.renew();
    return caller;
  }

  return {
    app,
    db: database.db,
    logLines: log.lines,
    loginAs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type GateApp = Awaited<ReturnType<typeof createGateApp>>;
