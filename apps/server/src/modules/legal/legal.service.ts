import { eq } from 'drizzle-orm';
import {
  emptyLegalInfo,
  legalInfoErrors,
  legalMessages,
  legalTypeOfInn,
  managerPositions,
  type LegalInfo,
} from '@crm/shared';
import type { LegalRegistry } from '../../adapters/legal-registry';
import type { Database } from '../../db/client';
import { stations } from '../../db/schema';
import type { Auth } from '../../plugins/auth';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors';
import { loadStationForCaller, requirePosition, type StationRow } from '../stations/station-access';
import { membershipsOfUser } from '../stations/stations.repository';

type Caller = Pick<Auth, 'userId' | 'role'>;

export interface LegalInfoAnswer {
  legal_info: LegalInfo | null;
  updated_at: string | null;
}

const answerOf = (row: Pick<StationRow, 'legalInfo' | 'legalUpdatedAt'>): LegalInfoAnswer => ({
  legal_info: row.legalInfo ?? null,
  updated_at: row.legalUpdatedAt ? row.legalUpdatedAt.toISOString() : null,
});

/**
 * The lookup names no station, so it is open to whoever signs for some station: an owner or principal
 * in any of their networks, or role admin. A paid registry is not for every signed-in user.
 */
async function requireSignatory(db: Database, caller: Caller) {
  if (caller.role === 'admin') return;
  const mine = await membershipsOfUser(db, caller.userId);
  if (!mine.some((m) => managerPositions.includes(m.position))) throw forbidden();
}

/**
 * `POST /api/legal/get_legal_data` (S2 §4): the registry's party, or an empty form of the type the INN's
 * length implies. An INN whose control digits fail is a 400 at the edge (`legalLookupBodySchema`): no
 * registry knows it, and «ничего не найдено» would hide the typo. A registry that fails is a 502 with its own code: the page then offers the empty form.
 */
export async function lookUpLegalInfo(
  db: Database,
  registry: LegalRegistry,
  caller: Caller,
  inn: string,
  log: { warn: (obj: object, msg: string) => void },
) {
  await requireSignatory(db, caller);
  let found: LegalInfo | null;
  try {
    found = await registry.findByInn(inn);
  } catch (error) {
    log.warn({ err: error }, 'legal registry lookup failed');
    throw new AppError(502, 'LEGAL_LOOKUP_FAILED', legalMessages.lookupFailed);
  }
  if (found) return { found: true, legal_info: found };
  return { found: false, legal_info: emptyLegalInfo(legalTypeOfInn(inn)!, inn) };
}

/**
 * `POST /api/legal/get_bank_data`: the bank of a БИК from the directory, for the bank block (its name,
 * correspondent account and address); `found: false` when the directory knows no such bank. Open to the
 * same signatories as the INN lookup; a directory that fails is the same 502 with its own message.
 */
export async function lookUpBank(
  db: Database,
  registry: LegalRegistry,
  caller: Caller,
  bik: string,
  log: { warn: (obj: object, msg: string) => void },
) {
  await requireSignatory(db, caller);
  try {
    const bank = await registry.findBankByBik(bik);
    return { found: bank !== null, bank };
  } catch (error) {
    log.warn({ err: error }, 'bank directory lookup failed');
    throw new AppError(502, 'LEGAL_LOOKUP_FAILED', legalMessages.bankLookupFailed);
  }
}

/** The station's legal info: for those who sign for it (administrators and workers 403). */
export async function getLegalInfo(db: Database, caller: Caller, stationId: string) {
  const access = await loadStationForCaller(db, caller, stationId);
  requirePosition(access, managerPositions);
  return answerOf(access.station);
}

/** `POST /api/legal/save_legal_data`: the station by its public carwash_id, scoped like any station id. */
export async function saveLegalInfo(db: Database, caller: Caller, carwashId: string, info: LegalInfo) {
  const errors = legalInfoErrors(info);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const [byCarwash] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(eq(stations.carwashId, carwashId))
    .limit(1);
  if (!byCarwash) throw notFound();
  const access = await loadStationForCaller(db, caller, byCarwash.id);
  requirePosition(access, managerPositions);
  const [row] = await db
    .update(stations)
    .set({ legalInfo: info, legalUpdatedAt: new Date() })
    .where(eq(stations.id, byCarwash.id))
    .returning({ legalInfo: stations.legalInfo, legalUpdatedAt: stations.legalUpdatedAt });
  return answerOf(row!);
}
