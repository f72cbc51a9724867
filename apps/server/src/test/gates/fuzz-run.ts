import { demoTenants, openOrderIds, type IdKind, type TenantIds } from './demo-ids';
import { exampleRequest, type RequestParts } from './example-value';
import { fuzzCasesFor, type FuzzCase } from './fuzz-cases';
import type { GateApp } from './gate-app';
import { knownValues } from './known-values';
import { errorLogFindings, type CaseLog } from './log-check';
import { operationName, type Operation } from './openapi-operations';
import type { Finding } from './report';
import { describeOutcome, recordCase, sendCase } from './send-case';
import { GATE_PARTNER_HEADER } from './gate-signer';

export interface FuzzOptions {
  /** fast-check seed of the random cases (operation i uses seed + i). */
  seed: number;
  /** fast-check cases per base request (three bases per operation), on top of the fixed catalogue. */
  randomPerBase: number;
  /** Requests the schema accepts, drawn around the working one (schema-arbitrary.ts), per operation. */
  validVariants: number;
  /** Log each operation's valid requests and timing. */
  debug?: boolean;
}

/** Every eighth case (and each valid base once) goes without a session: the signed-out path must hold too. */
const signedOutEvery = 8;

/** The valid requests mutations start from: all fields, required fields only, and other real ids. */
function basesFor(
  op: Operation,
  opIndex: number,
  ids: TenantIds,
  known: Record<string, unknown>,
): RequestParts[] {
  // Orders change as the fuzz cancels and completes them: each operation starts from its own order.
  const pick = (kind: IdKind, n: number) => {
    const pool = ids[kind];
    return pool.length ? pool[(kind === 'order' ? opIndex * 2 + n : n) % pool.length] : undefined;
  };
  return [
    exampleRequest(op, { path: op.path, variant: 'full', idOf: (k) => pick(k, 0), known }),
    exampleRequest(op, { path: op.path, variant: 'minimal', idOf: (k) => pick(k, 0), known }),
    exampleRequest(op, { path: op.path, variant: 'full', idOf: (k) => pick(k, 1), known }),
  ];
}

export interface OperationStats {
  sent: number;
  signedOut: number;
  /** The owner's valid request was answered 2xx: the mutations started from a request that works. */
  baseAccepted: boolean;
  /** Answers 2xx: requests that went all the way through the handler. */
  succeeded: number;
  /** How many answers of each status: how deep the cases went (400 validation, 409 a rule, 429 a limit). */
  statuses: Record<number, number>;
}

/**
 * Sends every fuzz case of the operations as the owner of «Демо-сеть» (and a share signed out) and
 * collects what DESIGN §4/§8 forbid: 5xx, error answers outside the one JSON shape, `error` log lines.
 */
export async function runFuzz(gate: GateApp, operations: Operation[], options: FuzzOptions) {
  const { demo } = await demoTenants(gate.db);
  const owner = await gate.loginAs('owner');
  const findings: Finding[] = [];
  const caseLabels: CaseLog = new Map();
  const perOperation = new Map<string, OperationStats>();
  let sent = 0;

  for (const [opIndex, op] of operations.entries()) {
    const name = operationName(op);
    const stats: OperationStats = {
      sent: 0,
      signedOut: 0,
      baseAccepted: false,
      succeeded: 0,
      statuses: {},
    };
    perOperation.set(name, stats);
    const opStarted = Date.now();
    let caseNo = 0;
    const run = async (c: FuzzCase, signedOut: boolean) => {
      const caseId = `${opIndex}.${caseNo++}`;
      const who = signedOut ? 'signed out' : 'owner';
      // Signed in = the owner's session, and for the partner API the Yandex demo partner's signature.
      const signedIn = () => ({ ...owner.headers, [GATE_PARTNER_HEADER]: 'yandex' });
      let outcome = await sendCase(gate.app, op, c, signedOut ? {} : signedIn(), caseId);
      if (!signedOut && outcome.status === 401 && outcome.text?.includes('AUTH_REQUIRED')) {
        // A fuzzed /api/logout ends the owner's session: sign in again and resend, or the rest is vacuous.
        await owner.renew();
        outcome = await sendCase(gate.app, op, c, signedIn(), caseId);
        sent++;
      }
      sent++;
      stats.sent++;
      if (signedOut) stats.signedOut++;
      if (outcome.status < 300) stats.succeeded++;
      stats.statuses[outcome.status] = (stats.statuses[outcome.status] ?? 0) + 1;
      recordCase({ cases: caseLabels, findings }, name, caseId, outcome, c.label, who);
      return outcome;
    };

    // Each operation books its own week: creating orders must not fill the slot the next one moves orders to.
    // Its orders are read afresh: the operations before it have cancelled and completed some of them, and a
    // base request on a cancelled order is refused at once (409), so its mutations would go no deeper.
    const ids = { ...demo, order: await openOrderIds(gate.db, demo.station) };
    const bases = basesFor(op, opIndex, ids, await knownValues(gate.db, ids, opIndex, op.path));
    let primary = -1;
    for (const [i, parts] of bases.entries()) {
      const outcome = await run({ label: `valid base #${i}`, parts }, false);
      if (options.debug) console.info(describeOutcome(outcome, `valid base #${i}`, 'owner'));
      if (outcome.status < 300 && primary < 0) primary = i;
    }
    stats.baseAccepted = primary >= 0;
    await run({ label: 'valid base #0', parts: bases[0]! }, true);
    const cases = fuzzCasesFor(op, bases, Math.max(primary, 0), {
      seed: options.seed + opIndex,
      randomPerBase: options.randomPerBase,
      validVariants: options.validVariants,
    });
    for (const [i, c] of cases.entries()) await run(c, i % signedOutEvery === signedOutEvery - 1);
    // The working request four times at once: races (a unique key, a lock, a slot) must end in 409, not 500.
    const burst = {
      label: `valid base #${Math.max(primary, 0)}, 4 at once`,
      parts: bases[Math.max(primary, 0)]!,
    };
    await Promise.all([0, 1, 2, 3].map(() => run(burst, false)));
    if (options.debug) console.info(`${name}: ${caseNo} cases, ${Date.now() - opStarted} ms`);
  }
  return { findings, logProblems: errorLogFindings(gate.logLines, caseLabels), perOperation, sent };
}
