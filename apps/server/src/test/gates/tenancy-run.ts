import { and, eq } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import { demoTenants } from './demo-ids';
import { exampleRequest, type RequestParts } from './example-value';
import type { Caller, GateApp } from './gate-app';
import { idSlotsOf, withSlotFrom, type IdSlot } from './id-slots';
import { knownValues } from './known-values';
import { errorLogFindings, type CaseLog } from './log-check';
import { operationName, type Operation } from './openapi-operations';
import { answerOf, type Finding } from './report';
import { describeOutcome, recordCase, sendCase, type Outcome } from './send-case';
import { isForeignIdAllowed } from './tenancy-allow-list';
import { changedTables, tenantFingerprinter } from './tenant-fingerprint';

interface Probe {
  label: string;
  parts: RequestParts;
  /** The id positions of the request that carry «Демо-сеть» ids. */
  slots: IdSlot[];
  caller: Caller;
}

/**
 * Runs the tenancy matrix over the operations (tenancy.test.ts says what it checks) and returns what
 * failed, plus notes: probes that proved nothing (the rival's own request fails the same way, or the
 * owner's request is a 404 too).
 */
export async function runTenancy(gate: GateApp, operations: Operation[]) {
  const { demo, rival: rivalIds } = await demoTenants(gate.db);
  const [knownDemo, knownRival] = [await knownValues(gate.db, demo), await knownValues(gate.db, rivalIds)];
  const [owner, rival, worker, newcomer] = [
    await gate.loginAs('owner'),
    await gate.loginAs('rival'),
    await gate.loginAs('worker'),
    await gate.loginAs('newcomer'),
  ];
  const fingerprint = await tenantFingerprinter(gate.db, demo);
  // What «Демо-сеть» data looks like in an answer: its ids and names.
  const demoMarkers = [...Object.values(demo).flat(), 'Демо-сеть', 'Мойка на Ленина', 'Мойка на Садовой'];

  const findings: Finding[] = [];
  const notes: string[] = [];
  const caseLabels: CaseLog = new Map();
  const untouched: string[] = [];
  const stats = { sent: 0, probes: 0, workerProbes: 0 };

  for (const [opIndex, op] of operations.entries()) {
    const name = operationName(op);
    const demoParts = exampleRequest(op, {
      path: op.path,
      variant: 'full',
      idOf: (k) => demo[k][0],
      known: knownDemo,
    });
    // A carwash id is the public number printed on every address (DESIGN §10): no key to tenant data.
    const slots = idSlotsOf(op, demoParts).filter((s) => s.kind !== 'carwash');
    const workerExcluded = !!op.positions && !op.positions.includes('worker');
    if (slots.length === 0 && !workerExcluded) {
      untouched.push(name);
      continue;
    }
    const rivalParts = exampleRequest(op, {
      path: op.path,
      variant: 'full',
      idOf: (k) => rivalIds[k][0],
      known: knownRival,
    });
    let caseNo = 0;
    const send = async (parts: RequestParts, caller: Caller, label: string): Promise<Outcome> => {
      const caseId = `${opIndex}.${caseNo++}`;
      const outcome = await sendCase(gate.app, op, { label, parts }, caller.headers, caseId);
      stats.sent++;
      recordCase({ cases: caseLabels, findings }, name, caseId, outcome, label, caller.login);
      return outcome;
    };
    const fail = (problem: string, outcome: Outcome, label: string, who: string) =>
      findings.push({
        problem,
        operation: name,
        answer: answerOf(outcome.status, outcome.text),
        request: describeOutcome(outcome, label, who),
      });

    // The rival's own request: when a probe fails exactly like it, the probe proved nothing.
    const control = slots.length ? await send(rivalParts, rival, 'rival, own ids') : null;
    const probes: Probe[] = slots.length
      ? [
          {
            label: `all ids of Демо-сеть (${slots.map((s) => s.label).join(', ')})`,
            parts: demoParts,
            slots,
            caller: rival,
          },
          // A user with no network at all takes other code paths (a first station makes a network).
          { label: 'no network, all ids of Демо-сеть', parts: demoParts, slots, caller: newcomer },
        ]
      : [];
    if (slots.length > 1) {
      for (const slot of slots) {
        probes.push({
          label: `${slot.label} of Демо-сеть`,
          parts: withSlotFrom(rivalParts, demoParts, slot),
          slots: [slot],
          caller: rival,
        });
      }
    }
    for (const probe of probes) {
      stats.probes++;
      const before = await fingerprint();
      const who = probe.caller.login;
      const outcome = await send(probe.parts, probe.caller, probe.label);
      const changed = changedTables(before, await fingerprint());
      if (changed.length) {
        fail(`changed data of Демо-сеть (${changed.join(', ')})`, outcome, probe.label, who);
        // Undo a membership the outsider gained, or every later probe would run as a member and prove nothing.
        await gate.db
          .delete(memberships)
          .where(
            and(eq(memberships.userId, probe.caller.userId), eq(memberships.networkId, demo.network[0]!)),
          );
      }
      if (outcome.status < 300) {
        const allowed = probe.slots.every((s) => isForeignIdAllowed(name, s.label));
        const leaked = demoMarkers.filter((m) => outcome.text?.includes(m));
        if (!allowed) fail('answered 2xx to an id of Демо-сеть', outcome, probe.label, who);
        else if (leaked.length)
          fail(
            `allow-listed, but answered Демо-сеть data (${leaked.length} ids/names)`,
            outcome,
            probe.label,
            who,
          );
      } else if (
        probe.caller === rival &&
        control &&
        answerOf(outcome.status, outcome.text) === answerOf(control.status, control.text)
      ) {
        notes.push(
          `inconclusive: ${name} {${probe.label}} fails like the rival's own request → ${answerOf(outcome.status, outcome.text)}`,
        );
      }
    }

    // Worker before owner: the owner's request may cancel or move what the worker's would have touched.
    let workerOutcome: Outcome | null = null;
    if (workerExcluded) {
      stats.workerProbes++;
      workerOutcome = await send(demoParts, worker, 'worker, ids of own network');
    }
    const ownerOutcome = await send(demoParts, owner, 'owner, same request');
    if (ownerOutcome.status === 404)
      notes.push(`owner also 404, the probe is vacuous: ${describeOutcome(ownerOutcome, 'owner', 'owner')}`);
    if (workerOutcome && workerOutcome.status !== 403) {
      const same =
        answerOf(workerOutcome.status, workerOutcome.text) ===
        answerOf(ownerOutcome.status, ownerOutcome.text);
      if (workerOutcome.status >= 300 && same) {
        notes.push(
          `inconclusive: ${name} worker and owner both → ${answerOf(ownerOutcome.status, ownerOutcome.text)}`,
        );
      } else {
        fail(
          `worker got ${workerOutcome.status}, not 403 (x-positions: ${op.positions?.join(', ')})`,
          workerOutcome,
          'worker',
          'worker',
        );
      }
    }
  }
  return { findings, notes, untouched, stats, logProblems: errorLogFindings(gate.logLines, caseLabels) };
}
