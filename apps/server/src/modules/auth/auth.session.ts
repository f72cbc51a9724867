import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { createSession, deleteSession, setSessionCookie } from '../../plugins/auth';

/** Calls that sign someone in: 30 per minute per IP, then 429 with Retry-After (issue 2 part 4). */
export const signInRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * A sign-in always gets a fresh session id (DESIGN §5): whatever session the browser held before is
 * deleted, so a planted session cannot outlive a sign-in.
 */
export async function beginSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  via: 'web' | 'telegram',
): Promise<string> {
  if (request.auth) await deleteSession(deps.db, request.auth.sessionId);
  const { token, expiresAt } = await createSession(deps.db, userId, via);
  setSessionCookie(reply, token, expiresAt, deps.config.secureCookies);
  return token;
}
