import type { IdKind } from './demo-ids';

// Not `client_id`: in the API that is an OAuth application's id; clients of a network travel as driver ids.
const byName: Record<string, IdKind> = {
  stationid: 'station',
  networkid: 'network',
  userid: 'user',
  driverid: 'driver',
  orderid: 'order',
  carwashid: 'carwash',
  sourcestationid: 'sourceStation',
};

/**
 * Provider tariffs live under /api/station/tariff, «yandex» calls and the partner API (which books by them);
 * every other tariff id is an own tariff.
 */
const tariffKind = (path: string): IdKind =>
  path.startsWith('/api/station/tariff') || path.includes('yandex') || path.startsWith('/api/partner/')
    ? 'yandexTariff'
    : 'ownTariff';

/**
 * A bare `id` names what the route is about: the first domain word of its path
 * (`/api/station/list_of_users/{id}` is a station). Invitations live under /api/station but name their own
 * ids, so they come first.
 */
const bareIdKinds: [RegExp, IdKind | 'tariff'][] = [
  [/invitation/, 'invitation'],
  [/order/, 'order'],
  [/tariff/, 'tariff'],
  [/driver|client/, 'driver'],
  [/network/, 'network'],
  [/user/, 'user'],
  [/station/, 'station'],
];

function bareIdKind(path: string): IdKind | 'tariff' | null {
  const bare = path.replace(/\{[^}]+\}/g, '');
  if (bareIdKinds[0]![0].test(bare)) return bareIdKinds[0]![1];
  // The rows of a fixed-tariff list (`/api/station/fixed-tariffs/{stationId}`) carry their own ids.
  if (bare.includes('fixed-tariffs')) return 'fixedTariff';
  let best: { at: number; kind: IdKind | 'tariff' } | null = null;
  for (const [re, kind] of bareIdKinds) {
    const at = bare.search(re);
    if (at >= 0 && (!best || at < best.at)) best = { at, kind };
  }
  return best?.kind ?? null;
}

/**
 * What a request field names, from its name and the route's path (issue 9: stationId, station_id, id,
 * networkId, userId, orderId …). Null for anything that is not a tenant id.
 */
export function idKindOf(name: string, path: string): IdKind | null {
  // The public booking page (issue 37) is no tenant's: its code is public and so are the tariff ids its
  // station card lists; it is reached by anyone, signed in or not.
  if (path.startsWith('/api/public/')) return null;
  const n = name.toLowerCase().replace(/[_-]/g, '');
  if (n === 'tariffid') return tariffKind(path);
  if (byName[n]) return byName[n];
  if (n !== 'id') return null;
  const kind = bareIdKind(path);
  return kind === 'tariff' ? tariffKind(path) : kind;
}
