import { randomBytes } from 'node:crypto';
import { messages, type AuthResponse, type AuthorizeBody } from '@crm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { createPkcePair, IdentityProviderError, type IdentityProvider } from '../../adapters/identity';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { findUserRow, toUserDtos } from '../users/users.repository';
import {
  consumePending,
  createUserWithIdentity,
  findUserIdByIdentity,
  insertPending,
  stationIdByCarwashId,
  touchLastLogin,
} from './auth.repository';
import { hashSecret, sameText } from '../../secrets';

export type ProviderName = 'yandex' | 'local';

const pendingLifetimeMs = 10 * 60 * 1000;

/** The one answer to every failed code exchange (S1 §8): the client learns nothing about why. */
export const authFailed = () => new AppError(401, 'AUTH_FAILED', messages.auth.codeExchangeFailed);

/** The provider the login page uses: Yandex when configured, else the built-in one. */
export function defaultProvider(deps: AppDeps): ProviderName {
  return deps.adapters.identity.yandex ? 'yandex' : 'local';
}

export function providerFor(deps: AppDeps, name: string): IdentityProvider | null {
  if (name === 'yandex') return deps.adapters.identity.yandex;
  if (name === 'local') return deps.adapters.identity.local?.(deps.db) ?? null;
  return null;
}

/**
 * Where a provider may send the code back: our own `/auth/callback` on the public origin (`PUBLIC_URL`).
 * Never the origin a request claims in its `Host` header: anyone can send one, and a code sent to their
 * origin is a stolen sign-in. Behind the web dev server, set `PUBLIC_URL` to its address.
 */
export function isAllowedRedirectUri(redirectUri: string, publicUrl: string) {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.origin === new URL(publicUrl).origin &&
    url.pathname === '/auth/callback' &&
    !url.username &&
    !url.password
  );
}

/** Step one of the sign-in: a pending row (state → PKCE verifier) and the provider's authorize URL. */
export async function startSignIn(
  deps: AppDeps,
  input: { provider: ProviderName; redirectUri: string; carwashId?: string; login?: string },
) {
  const provider = providerFor(deps, input.provider);
  if (!provider) throw notFound();
  const state = randomBytes(32).toString('base64url');
  const pkce = createPkcePair();
  await insertPending(deps.db, {
    stateHash: hashSecret(state),
    provider: provider.id,
    codeVerifier: pkce.verifier,
    redirectUri: input.redirectUri,
    carwashId: input.carwashId ?? null,
    expiresAt: new Date(Date.now() + pendingLifetimeMs),
  });
  const url = provider.authorizeUrl({
    redirectUri: input.redirectUri,
    state,
    codeChallenge: pkce.challenge,
    login: provider.id === 'local' ? input.login : undefined,
  });
  return { state, url, maxAgeSeconds: pendingLifetimeMs / 1000 };
}

/**
 * `POST /api/authorize`: the state must be the one this browser started with (cookie), still pending
 * and unused; the provider must accept the code with our verifier. Returns the signed-in user's id.
 */
export async function completeSignIn(
  deps: AppDeps,
  body: AuthorizeBody,
  cookieState: string | undefined,
  log: FastifyBaseLogger,
): Promise<{ userId: string; carwashId: string | null }> {
  if (!cookieState || !sameText(cookieState, body.state)) {
    log.warn('sign-in refused: state does not match the browser cookie');
    throw authFailed();
  }
  const pending = await consumePending(deps.db, hashSecret(body.state));
  if (!pending) {
    log.warn('sign-in refused: unknown, used or expired state');
    throw authFailed();
  }
  if (pending.redirectUri !== body.redirect_uri) throw authFailed();
  if (body.code_verifier !== undefined && !sameText(body.code_verifier, pending.codeVerifier)) {
    throw authFailed();
  }
  const provider = providerFor(deps, pending.provider);
  if (!provider) throw authFailed();

  let profile;
  try {
    const accessToken = await provider.exchangeCode({
      code: body.code,
      codeVerifier: pending.codeVerifier,
      redirectUri: pending.redirectUri,
    });
    profile = await provider.userInfo(accessToken);
  } catch (error) {
    if (!(error instanceof IdentityProviderError)) throw error;
    log.warn({ provider: provider.id, reason: error.message }, 'sign-in refused by the identity provider');
    throw authFailed();
  }

  let userId = await findUserIdByIdentity(deps.db, profile.provider, profile.providerUserId);
  if (!userId) {
    // Local users exist only through the seed or the product; a first Yandex sign-in registers.
    if (profile.provider !== 'yandex') throw authFailed();
    try {
      userId = await createUserWithIdentity(deps.db, profile);
    } catch (error) {
      // Two first sign-ins of one person at once: the other one created the identity.
      userId = await findUserIdByIdentity(deps.db, profile.provider, profile.providerUserId);
      if (!userId) throw error;
    }
  }
  return { userId, carwashId: body.carwash_id ?? pending.carwashId };
}

/** The auth response (S1 §3) after a sign-in: last login noted, redirect target, the link's station. */
export async function signInResponse(
  deps: AppDeps,
  userId: string,
  carwashId: string | null,
): Promise<AuthResponse> {
  await touchLastLogin(deps.db, userId);
  return authResponse(deps, userId, carwashId);
}

export async function authResponse(
  deps: AppDeps,
  userId: string,
  carwashId: string | null,
): Promise<AuthResponse> {
  const row = await findUserRow(deps.db, userId);
  if (!row) throw authFailed();
  const [user] = await toUserDtos(deps.db, [row]);
  return {
    user: user!,
    // 'wizard' while first-time setup is pending (S1 §4 step 4).
    redirect_to: row.redirectTo,
    station_id: carwashId ? await stationIdByCarwashId(deps.db, carwashId) : null,
  };
}

export function invalidRedirect() {
  return badRequest({ redirect_uri: 'Недопустимый адрес возврата' });
}
