/**
 * What a partner is told out of band (its station ids, the provider tariff ids, where its callbacks go),
 * read from the demo through its local sign-in (AUTH_LOCAL): the simulator signs in as demo staff to see
 * the stations and their Yandex tariffs, and as the demo system admin to point the partner's callback URL
 * at its receiver. Against a server without the demo sign-in, give `--station <partner_station_id>` and
 * `--tariff <id>` instead.
 */

export interface StaffSession {
  userId: string;
  call(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
}

/** Signs in as a demo login through `/api/auth/login?login=…` (the local provider answers at once). */
export async function demoSignIn(baseUrl: string, login: string, publicUrl = baseUrl): Promise<StaffSession> {
  const base = baseUrl.replace(/\/$/, '');
  const redirectUri = `${publicUrl.replace(/\/$/, '')}/auth/callback`;
  const start = new URL('/api/auth/login', base);
  start.searchParams.set('redirect_uri', redirectUri);
  start.searchParams.set('login', login);
  const first = await fetch(start, { redirect: 'manual' });
  const location = first.headers.get('location');
  if (first.status < 300 || first.status >= 400 || !location) {
    throw new Error(`demo sign-in as ${login}: ${first.status} (is the demo sign-in on?)`);
  }
  const stateCookies = cookiesOf(first);
  // The provider's address is built from the public URL: ask this server for it instead.
  const providerUrl = new URL(location, start);
  const provider = new URL(providerUrl.pathname + providerUrl.search, base);
  const second = await fetch(provider, { redirect: 'manual' });
  const back = second.headers.get('location');
  if (!back) throw new Error(`demo sign-in as ${login}: the local provider answered ${second.status}`);
  const backUrl = new URL(back, provider);
  const code = backUrl.searchParams.get('code');
  const state = backUrl.searchParams.get('state');
  const res = await fetch(new URL('/api/authorize', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: stateCookies.join('; ') },
    body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, state }),
  });
  if (!res.ok) throw new Error(`demo sign-in as ${login}: /api/authorize ${res.status}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const sid = cookiesOf(res).find((c) => c.startsWith('crm_sid='));
  if (!sid) throw new Error(`demo sign-in as ${login}: no session cookie`);
  return {
    userId: user.id,
    call: (path, init = {}) =>
      fetch(new URL(path, base), {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          cookie: sid,
          'x-user-id': user.id,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
  };
}

export interface StationTarget {
  /** The station's id at the partner (its carwash id in the demo). */
  partnerStationId: string;
  name: string;
  /** Active provider (Yandex) tariffs of the station. */
  tariffIds: string[];
}

interface ListedStation {
  id: string;
  name: string;
  carwash_id: string;
}

/**
 * The stations matching `wanted` (a name or a partner_station_id; all the partner's when empty), with their
 * provider tariffs, as the demo's staff see them. The demo connects partners under carwash ids (README).
 */
export async function resolveDemoStations(
  baseUrl: string,
  wanted: readonly string[],
  connected: readonly string[],
  options: { publicUrl?: string; logins?: readonly string[] } = {},
): Promise<StationTarget[]> {
  const found = new Map<string, StationTarget>();
  for (const login of options.logins ?? ['owner', 'rival']) {
    let session: StaffSession;
    try {
      session = await demoSignIn(baseUrl, login, options.publicUrl);
    } catch {
      continue;
    }
    const res = await session.call('/api/station/list', { body: { user_id: session.userId } });
    if (!res.ok) continue;
    const { stations } = (await res.json()) as { stations: ListedStation[] };
    for (const station of stations) {
      if (found.has(station.carwash_id) || !connected.includes(station.carwash_id)) continue;
      const matches =
        wanted.length === 0 ||
        wanted.some((w) => w === station.carwash_id || w.toLowerCase() === station.name.toLowerCase());
      if (!matches) continue;
      const tariffs = await session.call(`/api/station/tariff/${station.id}`);
      const { yatariff } = tariffs.ok
        ? ((await tariffs.json()) as { yatariff: { id: string; active: boolean }[] })
        : { yatariff: [] };
      found.set(station.carwash_id, {
        partnerStationId: station.carwash_id,
        name: station.name,
        tariffIds: yatariff.filter((t) => t.active).map((t) => t.id),
      });
    }
  }
  return [...found.values()];
}

/** Points the partner's callback URL at `url` as the demo system admin (`POST /api/admin/partners/{id}`). */
export async function pointCallbacksAt(
  baseUrl: string,
  partnerId: string,
  url: string,
  options: { publicUrl?: string; login?: string } = {},
): Promise<void> {
  const admin = await demoSignIn(baseUrl, options.login ?? 'admin', options.publicUrl);
  const res = await admin.call(`/api/admin/partners/${partnerId}`, { body: { callback_url: url } });
  if (!res.ok) throw new Error(`POST /api/admin/partners/${partnerId}: ${res.status} ${await res.text()}`);
}
