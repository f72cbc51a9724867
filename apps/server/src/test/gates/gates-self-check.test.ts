import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canaryRoutes } from './canary-routes';
import { runFuzz } from './fuzz-run';
import { createGateApp, type GateApp } from './gate-app';
import { operationsOf, type Operation } from './openapi-operations';
import { runTenancy } from './tenancy-run';

/** The gates catch each defect of canary-routes.ts: proof that a green gate means something. */
describe('gates self-check (deliberately broken canary routes)', () => {
  let gate: GateApp;
  let canaries: Operation[];
  beforeAll(async () => {
    gate = await createGateApp({}, canaryRoutes);
    canaries = operationsOf(gate.app.swagger()).filter((op) => op.path.startsWith('/api/canary/'));
  });
  afterAll(async () => gate?.close());

  it('the fuzz reports a 5xx, a non-JSON error and an error log line', async () => {
    const run = await runFuzz(gate, canaries, { seed: 1, randomPerBase: 0, validVariants: 0 });
    const found = run.findings.map((f) => `${f.problem} @ ${f.operation}`);
    expect(found).toContain('answered 500 @ POST /api/canary/crash');
    expect(found).toContain('error answer is text/plain, not JSON @ GET /api/canary/text');
    const logged = (text: string, operation: string) =>
      run.logProblems.some((f) => f.problem.includes(text) && f.operation === operation);
    expect(logged('canary overflow', 'POST /api/canary/crash')).toBe(true);
    expect(logged('canary: a long query logged as an error', 'GET /api/canary/text')).toBe(true);
    // Each log line is traced back to the request that caused it.
    expect(run.logProblems.every((f) => f.request.includes('/api/canary/'))).toBe(true);
  });

  it('the tenancy matrix reports a foreign read, a foreign write behind a 404, and a worker let through', async () => {
    const run = await runTenancy(gate, canaries);
    const found = run.findings.map((f) => `${f.problem} @ ${f.operation}`);
    expect(found).toContain('answered 2xx to an id of Демо-сеть @ GET /api/canary/station/{stationId}');
    expect(found).toContain('changed data of Демо-сеть (stations) @ POST /api/canary/rename/{stationId}');
    expect(found).toContain(
      'worker got 200, not 403 (x-positions: owner) @ POST /api/canary/owner-only/{stationId}',
    );
    // The correct part of the owner-only route holds: the rival still gets nothing.
    expect(found.filter((f) => f.includes('owner-only') && f.includes('2xx'))).toEqual([]);
  });
});
