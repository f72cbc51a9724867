import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateApp, type GateApp } from './gate-app';
import { operationName, operationsOf, type Operation } from './openapi-operations';
import { compactReport } from './report';
import { runTenancy } from './tenancy-run';
import { runPartnerTenancy } from './partner-tenancy';

/**
 * Issue 9 «Gates in CI», tenancy matrix, generated from the served OpenAPI document:
 * - every operation with a tenant id in its path, query or body (id-kinds.ts) is called by `rival`
 *   («Соседняя сеть») with REAL ids of «Демо-сеть»: all of them at once, and one position at a time
 *   with the rival's own ids elsewhere (a foreign tariff at one's own station). A 2xx fails unless the
 *   route is allow-listed for that position (tenancy-allow-list.ts) and carries nothing of «Демо-сеть»;
 *   any change to «Демо-сеть»'s rows fails whatever the answer;
 * - the owner sends the same request: a 404 there means the probe proved nothing (reported);
 * - where an operation declares the positions it admits (`x-positions`, see below), `worker` gets 403.
 *
 * The rights convention: a route that admits only some network positions says so in its schema,
 * `schema: { 'x-positions': orderWriterPositions, … }` — @fastify/swagger copies `x-` keys into the
 * operation, so the document states the rule and this gate checks it is enforced.
 */
describe('tenancy gate (generated from /api/docs/json)', () => {
  let gate: GateApp;
  let operations: Operation[];
  beforeAll(async () => {
    // Load shedding measures this process's event loop, which the test itself keeps busy: off here.
    gate = await createGateApp();
    operations = operationsOf(gate.app.swagger());
  });
  afterAll(async () => gate?.close());

  it('routes declare the positions they admit (x-positions), so the worker matrix below is not empty', () => {
    const declared = operations.filter((op) => op.positions);
    expect(
      declared.map(operationName),
      "no operation declares 'x-positions' in its route schema (the convention in tenancy.test.ts)",
    ).not.toEqual([]);
  });

  it("a partner gets 404 for a station not connected to it and for another partner's booking", async () => {
    const run = await runPartnerTenancy(gate, operations);
    console.info(`partner tenancy: ${run.probes} probes of ${run.operations} partner operations`);
    expect(run.operations, 'partner operations in the document').toBeGreaterThan(0);
    expect(run.findings.length, `problems:\n${compactReport(run.findings)}\n`).toBe(0);
  });

  it('another network never reads or changes «Демо-сеть», and a worker gets 403 where positions are declared', async () => {
    const started = Date.now();
    const run = await runTenancy(gate, operations);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      [
        `tenancy gate: ${operations.length} operations, ${operations.length - run.untouched.length} in the matrix, ` +
          `${run.stats.probes} outsider probes, ${run.stats.workerProbes} worker probes, ${run.stats.sent} requests in ${seconds} s`,
        `not in the matrix (no tenant id, no declared positions): ${run.untouched.join(', ')}`,
        ...run.notes,
      ].join('\n'),
    );
    expect(operations.length - run.untouched.length, 'operations with tenant ids').toBeGreaterThan(0);
    const problems = run.findings.length + run.logProblems.length;
    const report = compactReport([...run.findings, ...run.logProblems]);
    expect(problems, `problems:\n${report}\n`).toBe(0);
  }, 300_000);
});
