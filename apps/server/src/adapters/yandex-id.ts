import { z } from 'zod';
import {
  IdentityProviderError,
  type AuthorizeUrlParams,
  type CodeExchange,
  type IdentityProvider,
  type ProviderProfile,
} from './identity';

export interface YandexConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  infoUrl: string;
}

const tokenResponseSchema = z.object({ access_token: z.string().min(1) });

/** The members of login.yandex.ru/info?format=json we use; everything but `id` may be missing by scope. */
const infoSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  login: z.string().min(1).optional(),
  client_id: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  default_email: z.string().optional(),
  default_phone: z.object({ number: z.string() }).partial().optional(),
  default_avatar_id: z.string().optional(),
  is_avatar_empty: z.boolean().optional(),
});

const timeoutMs = 10_000;
const phonePattern = /^\+\d{8,15}$/;
const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** Yandex ID: authorization code with PKCE, code exchange and /info over real HTTP. */
export function createYandexProvider(config: YandexConfig): IdentityProvider {
  return {
    id: 'yandex',

    authorizeUrl({ redirectUri, state, codeChallenge }: AuthorizeUrlParams) {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        force_confirm: 'yes',
        lang: 'ru',
      }).toString();
      return url.toString();
    },

    async exchangeCode({ code, codeVerifier }: CodeExchange) {
      const response = await request(config.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code_verifier: codeVerifier,
        }),
      });
      const parsed = tokenResponseSchema.safeParse(await response.json().catch(() => null));
      if (!response.ok || !parsed.success) {
        throw new IdentityProviderError(`Yandex token endpoint answered ${response.status}`);
      }
      return parsed.data.access_token;
    },

    async userInfo(accessToken: string): Promise<ProviderProfile> {
      const url = new URL(config.infoUrl);
      url.searchParams.set('format', 'json');
      const response = await request(url.toString(), {
        headers: { Authorization: `OAuth ${accessToken}`, Accept: 'application/json' },
      });
      const parsed = infoSchema.safeParse(await response.json().catch(() => null));
      if (!response.ok || !parsed.success) {
        throw new IdentityProviderError(`Yandex info endpoint answered ${response.status}`);
      }
      const info = parsed.data;
      // A token issued to another application must not sign anyone in here.
      if (info.client_id !== undefined && info.client_id !== config.clientId) {
        throw new IdentityProviderError('Yandex token belongs to another client');
      }
      const phone = blankToNull(info.default_phone?.number);
      return {
        provider: 'yandex',
        providerUserId: info.id,
        login: blankToNull(info.login) ?? `yandex-${info.id}`,
        name: blankToNull(info.first_name),
        surname: blankToNull(info.last_name),
        email: blankToNull(info.default_email),
        number: phone && phonePattern.test(phone) ? phone : null,
        avatarId: info.is_avatar_empty ? null : blankToNull(info.default_avatar_id),
      };
    },
  };
}

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (cause) {
    throw new IdentityProviderError(`Yandex ID unreachable: ${(cause as Error).message}`);
  }
}
