import { createHash, randomBytes } from 'node:crypto';

/** Who signed in, as the identity provider tells it; the user is keyed by (provider, providerUserId). */
export interface ProviderProfile {
  provider: 'yandex' | 'local';
  providerUserId: string;
  login: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  number: string | null;
  avatarId: string | null;
}

export interface AuthorizeUrlParams {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  /** A demo user to sign in as without the picker page (local provider only). */
  login?: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

/** An OAuth 2.0 authorization-code provider with PKCE (DESIGN §5). */
export interface IdentityProvider {
  readonly id: ProviderProfile['provider'];
  authorizeUrl(params: AuthorizeUrlParams): string;
  /** Trades the code for an access token; throws IdentityProviderError when the provider refuses. */
  exchangeCode(params: CodeExchange): Promise<string>;
  userInfo(accessToken: string): Promise<ProviderProfile>;
}

/** The provider refused or answered nonsense: the sign-in fails with 401, never a 500. */
export class IdentityProviderError extends Error {}

/** A PKCE verifier (RFC 7636: 43–128 characters of the unreserved set) and its S256 challenge. */
export function createPkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
