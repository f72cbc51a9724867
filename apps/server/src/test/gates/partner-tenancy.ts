import { and, eq } from 'drizzle-orm';
import { partnerBookings } from '../../db/schema';
import { demoPartners } from '../../modules/demo/demo-partners';
import { demoTenants } from './demo-ids';
import { exampleRequest } from './example-value';
import type { GateApp } from './gate-app';
import { GATE_PARTNER_HEADER } from './gate-signer';
import { knownValues } from './known-values';
import { operationName, type Operation } from './openapi-operations';
import { answerOf, type Finding } from './report';
import { describeOutcome, sendCase } from './send-case';
import { changedTables, tenantFingerprinter } from './tenant-fingerprint';

/** A demo station Benzuber is not connected to (the demo connects it to «Мойка на Ленина» only). */
const unconnectedStation = '100102';

/**
 * The partner side of the tenancy matrix (issue 36): for a partner, the tenant is what is connected to it.
 * Every partner-API operation of the document is sent signed as Benzuber, naming a station not connected
 * to it and a booking of Yandex: each must be a 404 (DESIGN §4: never reveal it exists) and change nothing.
 */
export async function runPartnerTenancy(gate: GateApp, operations: Operation[]) {
  const { demo } = await demoTenants(gate.db);
  const [yandexBooking] = await gate.db
    .select({ id: partnerBookings.partnerOrderId })
    .from(partnerBookings)
    .where(and(eq(partnerBookings.partnerId, demoPartners.yandex.id)))
    .limit(1);
  if (!yandexBooking) throw new Error('the demo has no Yandex booking');
  const known = {
    ...(await knownValues(gate.db, demo)),
    partnerstationid: unconnectedStation,
    partnerorderid: yandexBooking.id,
  };
  const fingerprint = await tenantFingerprinter(gate.db, demo);
  const partnerOps = operations.filter((op) => op.path.startsWith('/api/partner/'));
  const findings: Finding[] = [];
  let probes = 0;
  for (const [i, op] of partnerOps.entries()) {
    const parts = exampleRequest(op, { path: op.path, variant: 'full', idOf: (k) => demo[k][0], known });
    const before = await fingerprint();
    const outcome = await sendCase(
      gate.app,
      op,
      { label: 'Benzuber, unconnected station / Yandex booking', parts },
      { [GATE_PARTNER_HEADER]: 'benzuber' },
      `partner.${i}`,
    );
    probes++;
    const request = describeOutcome(outcome, 'benzuber', 'Benzuber');
    const changed = changedTables(before, await fingerprint());
    if (changed.length) {
      findings.push({
        problem: `changed data of Демо-сеть (${changed.join(', ')})`,
        operation: operationName(op),
        answer: answerOf(outcome.status, outcome.text),
        request,
      });
    }
    if (outcome.status !== 404) {
      findings.push({
        problem: `answered ${outcome.status}, not 404`,
        operation: operationName(op),
        answer: answerOf(outcome.status, outcome.text),
        request,
      });
    }
  }
  return { operations: partnerOps.length, probes, findings };
}
