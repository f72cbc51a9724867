import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  managerPositions,
  partnerMessages,
  type Partner,
  type PartnerCreate,
  type PartnerSource,
  type StationIntegrations,
  type StationPartner,
  type StationPartnerConnect,
  type partnerSecretSchema,
  type partnerUpdateSchema,
} from '@crm/shared';
import type { Database } from '../../db/client';
import { partners, stationPartners } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors';
import { loadStationForCaller, requirePosition } from '../stations/station-access';
import { newPartnerSecret } from './partner-signature';
import {
  findPartner,
  listPartnerRows,
  partnerHealth,
  stationConnections,
  stationDeliveries,
  type PartnerRow,
} from './partners.repository';

type Caller = Pick<Auth, 'userId' | 'role'>;
type PartnerSecret = z.output<typeof partnerSecretSchema>;
type PartnerUpdate = z.output<typeof partnerUpdateSchema>;

/** How long the previous secret keeps working after a rotation. */
export const rotationGraceMs = 24 * 60 * 60 * 1000;
/** «Последний обмен»: this many exchanges, both directions. */
export const deliveriesShown = 50;

/** The partner pages are the system admin's (S1 §6 role admin); anyone else is refused. */
export function requireSystemAdmin(caller: Caller) {
  if (caller.role !== 'admin') throw forbidden();
}

/** Whose orders a partner brings, when its name says it (either alphabet); otherwise the admin must say. */
export function sourceFromName(name: string): PartnerSource | null {
  if (/benzuber|бензубер/i.test(name)) return 'Benzuber';
  if (/yandex|яндекс/i.test(name)) return 'Yandex';
  return null;
}

const noHealth = {
  last_success_at: null,
  failures_waiting: 0,
  oldest_undelivered_at: null,
  connected_stations: 0,
};

function toPartner(row: PartnerRow, health: Partner['health'] = noHealth): Partner {
  return {
    id: row.id,
    name: row.name,
    source: row.source as PartnerSource,
    callback_url: row.callbackUrl,
    created_at: row.createdAt.toISOString(),
    previous_secret_valid_until: previousValidUntil(row),
    health,
  };
}

/** Shown only while the previous secret still works. */
function previousValidUntil(row: PartnerRow, now = new Date()): string | null {
  const until = row.previousSecretValidUntil;
  return row.previousSecret && until && until > now ? until.toISOString() : null;
}

/** `GET /api/admin/partners`. */
export async function listPartners(db: Database, caller: Caller): Promise<{ partners: Partner[] }> {
  requireSystemAdmin(caller);
  const [rows, health] = await Promise.all([listPartnerRows(db), partnerHealth(db)]);
  return { partners: rows.map((row) => toPartner(row, health.get(row.id))) };
}

/** `POST /api/admin/partners`: the secret is in this answer only. */
export async function createPartner(
  db: Database,
  caller: Caller,
  input: PartnerCreate,
): Promise<PartnerSecret> {
  requireSystemAdmin(caller);
  // A name that says neither is not taken for Yandex: the orders would be marked with the wrong source.
  const source = input.source ?? sourceFromName(input.name);
  if (!source) throw badRequest({ source: partnerMessages.sourceRequired });
  const secret = newPartnerSecret();
  const [row] = await db
    .insert(partners)
    .values({
      name: input.name,
      source,
      callbackUrl: input.callback_url,
      secret,
    })
    .returning();
  return { id: row!.id, secret, previous_secret_valid_until: null };
}

/** `POST /api/admin/partners/{partnerId}`: a new name or callback address. */
export async function updatePartner(
  db: Database,
  caller: Caller,
  partnerId: string,
  input: PartnerUpdate,
): Promise<Partner> {
  requireSystemAdmin(caller);
  if (!(await findPartner(db, partnerId))) throw notFound();
  const values: Partial<typeof partners.$inferInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.callback_url !== undefined) values.callbackUrl = input.callback_url;
  if (Object.keys(values).length > 0) await db.update(partners).set(values).where(eq(partners.id, partnerId));
  const health = await partnerHealth(db);
  return toPartner((await findPartner(db, partnerId))!, health.get(partnerId));
}

/**
 * `POST /api/admin/partners/{partnerId}/rotate-secret`: a new secret; the one before stays valid for 24 h
 * so the partner can switch without a gap. Rotating twice drops the oldest at once.
 */
export async function rotatePartnerSecret(
  db: Database,
  caller: Caller,
  partnerId: string,
  now = new Date(),
): Promise<PartnerSecret> {
  requireSystemAdmin(caller);
  if (!(await findPartner(db, partnerId))) throw notFound();
  const secret = newPartnerSecret();
  const validUntil = new Date(now.getTime() + rotationGraceMs);
  await db
    .update(partners)
    .set({ previousSecret: sql`${partners.secret}`, previousSecretValidUntil: validUntil, secret })
    .where(eq(partners.id, partnerId));
  return { id: partnerId, secret, previous_secret_valid_until: validUntil.toISOString() };
}

/** The station's owner or principal (or role admin) manages its integrations; others 403, strangers 404. */
async function managedStation(db: Database, caller: Caller, stationId: string) {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, managerPositions);
  return access.station;
}

function toStationPartner(
  connection: typeof stationPartners.$inferSelect,
  partner: Pick<PartnerRow, 'name' | 'source'>,
): StationPartner {
  return {
    partner_id: connection.partnerId,
    partner_name: partner.name,
    source: partner.source as PartnerSource,
    partner_station_id: connection.partnerStationId,
    enabled: connection.enabled,
    updated_at: connection.updatedAt.toISOString(),
  };
}

/** `GET /api/station/{stationId}/partners`: the «Интеграции» page. */
export async function stationIntegrations(
  db: Database,
  caller: Caller,
  stationId: string,
): Promise<StationIntegrations> {
  const station = await managedStation(db, caller, stationId);
  const [rows, connections, deliveries] = await Promise.all([
    listPartnerRows(db),
    stationConnections(db, station.id),
    stationDeliveries(db, station.id, deliveriesShown),
  ]);
  return {
    partners: rows.map((r) => ({ id: r.id, name: r.name, source: r.source as PartnerSource })),
    connections: connections.map((c) => toStationPartner(c.connection, c.partner)),
    deliveries,
  };
}

const uniqueViolation = (error: unknown) => {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** `POST /api/station/{stationId}/partners`: connect, change the partner's number, switch on or off. */
export async function connectStationPartner(
  db: Database,
  caller: Caller,
  stationId: string,
  input: StationPartnerConnect,
): Promise<StationPartner> {
  const station = await managedStation(db, caller, stationId);
  const partner = await findPartner(db, input.partner_id);
  if (!partner) throw notFound();
  try {
    const [row] = await db
      .insert(stationPartners)
      .values({
        stationId: station.id,
        partnerId: partner.id,
        partnerStationId: input.partner_station_id,
        enabled: input.enabled,
      })
      .onConflictDoUpdate({
        target: [stationPartners.stationId, stationPartners.partnerId],
        set: { partnerStationId: input.partner_station_id, enabled: input.enabled, updatedAt: new Date() },
      })
      .returning();
    return toStationPartner(row!, partner);
  } catch (error) {
    if (uniqueViolation(error)) {
      throw new AppError(409, 'CONFLICT', partnerMessages.partnerStationTaken, {
        partner_station_id: partnerMessages.partnerStationTaken,
      });
    }
    throw error;
  }
}
