import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { identities, localAuthCodes, users } from '../db/schema';
import {
  IdentityProviderError,
  pkceChallenge,
  type AuthorizeUrlParams,
  type CodeExchange,
  type IdentityProvider,
  type ProviderProfile,
} from './identity';
import { hashSecret, sameText } from '../secrets';

/**
 * The provider built into the server for the demo and the tests (DESIGN §5 «Local sign-in»): the same
 * authorization-code + PKCE protocol as Yandex ID, with its codes in the product database.
 */
export const LOCAL_CLIENT_ID = 'crm-local';
export const LOCAL_AUTHORIZE_PATH = '/api/auth/local/authorize';
const codeLifetimeMs = 5 * 60 * 1000;

/** Issues a single-use code for a user picked on the local authorize page. */
export async function issueLocalCode(
  db: Database,
  grant: { userId: string; redirectUri: string; codeChallenge: string },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.delete(localAuthCodes).where(lt(localAuthCodes.expiresAt, new Date()));
  await db.insert(localAuthCodes).values({
    codeHash: hashSecret(code),
    userId: grant.userId,
    redirectUri: grant.redirectUri,
    codeChallenge: grant.codeChallenge,
    expiresAt: new Date(Date.now() + codeLifetimeMs),
  });
  return code;
}

export function createLocalProvider(db: Database): IdentityProvider {
  return {
    id: 'local',

    authorizeUrl({ redirectUri, state, codeChallenge, login }: AuthorizeUrlParams) {
      const params = new URLSearchParams({
        response_type: 'code',
        client_id: LOCAL_CLIENT_ID,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        force_confirm: 'yes',
        lang: 'ru',
      });
      if (login) params.set('login', login);
      // Same origin as the API, so a relative URL also works behind the web dev server's proxy.
      return `${LOCAL_AUTHORIZE_PATH}?${params.toString()}`;
    },

    async exchangeCode({ code, codeVerifier, redirectUri }: CodeExchange) {
      // Marking the code used in the same statement that reads it: two exchanges cannot both win.
      const [grant] = await db
        .update(localAuthCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(localAuthCodes.codeHash, hashSecret(code)),
            isNull(localAuthCodes.usedAt),
            gt(localAuthCodes.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!grant) throw new IdentityProviderError('unknown, used or expired local code');
      if (grant.redirectUri !== redirectUri) throw new IdentityProviderError('redirect_uri mismatch');
      if (!grant.codeChallenge || !sameText(pkceChallenge(codeVerifier), grant.codeChallenge)) {
        throw new IdentityProviderError('PKCE verifier does not match the challenge');
      }
      // The access token never leaves the process: it is the id of the user the code was issued to.
      return grant.userId;
    },

    async userInfo(userId: string): Promise<ProviderProfile> {
      const [row] = await db
        .select({ user: users, providerUserId: identities.providerUserId })
        .from(identities)
        .innerJoin(users, eq(users.id, identities.userId))
        .where(and(eq(identities.provider, 'local'), eq(identities.userId, userId)))
        .limit(1);
      if (!row) throw new IdentityProviderError('no local identity for this user');
      return {
        provider: 'local',
        providerUserId: row.providerUserId,
        login: row.user.login,
        name: row.user.name,
        surname: row.user.surname,
        email: row.user.email,
        number: row.user.number,
        avatarId: row.user.defaultAvatarId,
      };
    },
  };
}
