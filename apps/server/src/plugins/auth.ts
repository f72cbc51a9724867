import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authTimings, messages, type SystemRole } from '@crm/shared';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError, unauthorized } from './errors';
import { hashSecret } from '../secrets';

export const SESSION_COOKIE = 'crm_sid';

export interface Auth {
  userId: string;
  role: SystemRole;
  sessionId: string;
  via: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from the session cookie or bearer token; null when signed out. */
    auth: Auth | null;
  }
  interface FastifyInstance {
    /** preHandler: a valid session whose user matches the X-User-Id header (DESIGN §5). */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Creates a session and returns the token the client holds (256 random bits). */
export async function createSession(db: Database, userId: string, via: 'web' | 'telegram' = 'web') {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + authTimings.sessionDays * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({ id: hashSecret(token), userId, expiresAt, via });
  return { token, expiresAt };
}

/** The caller of a session that exists and has not expired, by its id (the token's hash). */
export async function loadSession(db: Database, sessionId: string): Promise<Auth | null> {
  const [row] = await db
    .select({ userId: sessions.userId, via: sessions.via, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { userId: row.userId, role: row.role as SystemRole, sessionId, via: row.via } : null;
}

export async function deleteSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[SESSION_COOKIE];
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = tokenFrom(request);
    if (!token || token.length > 100) return;
    request.auth = await loadSession(opts.db, hashSecret(token));
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized();
    // The header is never identity; it must equal the session's user (and blocks cross-site form posts).
    const claimed = request.headers['x-user-id'];
    if (claimed === undefined || claimed === '') {
      throw new AppError(401, 'USER_ID_REQUIRED', messages.auth.notAuthorized);
    }
    if (claimed !== request.auth.userId) {
      throw new AppError(401, 'USER_ID_MISMATCH', messages.auth.notAuthorized);
    }
  });
});

/** The signed-in caller inside a handler that ran `requireUser`. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
