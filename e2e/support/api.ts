/**
 * A signed-in API client for preparing and checking state from Node, through the same sign-in flow
 * the browser uses (`/api/auth/login` → local provider → `POST /api/authorize`), never a shortcut.
 */
export interface ApiSession {
  userId: string;
  /** The `crm_sid=…` cookie pair, to replay after a logout. */
  cookie: string;
  call(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
}

function cookiesOf(res: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}

function redirectTarget(res: Response, from: string): URL {
  const location = res.headers.get('location');
  if (res.status < 300 || res.status >= 400 || !location) {
    throw new Error(`${from}: expected a redirect, got ${res.status}`);
  }
  return new URL(location, from);
}

/**
 * A call, sent again after Retry-After when the server shed it (503: it did nothing), as the web client
 * does: a loaded test host may shed a call that waited past the server's deadline.
 */
export function apiCall(baseUrl: string, cookie: string, userId: string) {
  return async (path: string, init: { method?: string; body?: unknown } = {}) => {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(new URL(path, baseUrl), {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          cookie,
          'x-user-id': userId,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const retryAfter = Number(res.headers.get('retry-after'));
      if (res.status !== 503 || !retryAfter || attempt === 3) return res;
      await new Promise((resume) => setTimeout(resume, retryAfter * 1000));
    }
  };
}

export async function apiSignIn(baseUrl: string, login: string): Promise<ApiSession> {
  const redirectUri = `${baseUrl}/auth/callback`;
  const start = new URL('/api/auth/login', baseUrl);
  start.searchParams.set('redirect_uri', redirectUri);
  start.searchParams.set('login', login);
  const first = await fetch(start, { redirect: 'manual' });
  const stateCookie = cookiesOf(first);
  const provider = redirectTarget(first, start.toString());
  const second = await fetch(provider, { redirect: 'manual' });
  const back = redirectTarget(second, provider.toString());
  const code = back.searchParams.get('code');
  const state = back.searchParams.get('state');
  if (!code || !state) throw new Error(`the local provider returned ${back} without code and state`);

  const res = await fetch(new URL('/api/authorize', baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...stateCookie].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, state }),
  });
  if (!res.ok) throw new Error(`POST /api/authorize for ${login}: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const sid = cookiesOf(res).get('crm_sid');
  if (!sid) throw new Error(`POST /api/authorize for ${login} set no crm_sid cookie`);
  const cookie = `crm_sid=${sid}`;
  return { userId: user.id, cookie, call: apiCall(baseUrl, cookie, user.id) };
}

export interface StationSummary {
  id: string;
  name: string;
}

/** The stations a user sees, by name. */
export async function stationsOf(session: ApiSession): Promise<StationSummary[]> {
  const res = await session.call('/api/station/list', { body: { user_id: session.userId } });
  if (!res.ok) throw new Error(`POST /api/station/list: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { stations: StationSummary[] }).stations;
}

export async function stationIdByName(session: ApiSession, name: string): Promise<string> {
  const station = (await stationsOf(session)).find((s) => s.name === name);
  if (!station) throw new Error(`no station «${name}» in this user's list`);
  return station.id;
}

/**
 * Marks the first-visit tour and the cookie banner as seen (CRM data), so that flows which are not about
 * them are not interrupted by their overlays.
 */
export async function skipFirstVisit(baseUrl: string, login: string): Promise<ApiSession> {
  const session = await apiSignIn(baseUrl, login);
  const res = await session.call(`/api/user/update_crm_data/${session.userId}`, {
    // The push prompt would appear after a few actions in later specs and cover buttons: answered for good.
    body: {
      crm_data: {
        hasSeenTutorial: true,
        cookiesConsent: true,
        pushNotifications: { promptDismissedCount: 2 },
      },
    },
  });
  if (!res.ok) throw new Error(`update_crm_data for ${login}: ${res.status} ${await res.text()}`);
  return session;
}
