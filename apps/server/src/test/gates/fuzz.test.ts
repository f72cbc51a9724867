import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz-run';
import { createGateApp, type GateApp } from './gate-app';
import { operationsOf } from './openapi-operations';
import { compactReport } from './report';

/**
 * Issue 9 «Gates in CI», fuzz: every operation of the served OpenAPI document gets malformed bodies,
 * queries and path parameters (fuzz-cases.ts), built from a valid request so they reach the deep
 * validation and the database. Fails on any 5xx, any non-JSON error answer from /api and any server log
 * line at `error`. Another draw of the random cases: GATES_SEED=<n>; more of them: GATES_RANDOM_CASES
 * (broken values per base request) and GATES_VALID_CASES (schema-valid requests per operation).
 */
const seed = Number(process.env.GATES_SEED ?? 20261123);
const randomPerBase = Number(process.env.GATES_RANDOM_CASES ?? 6);
const validVariants = Number(process.env.GATES_VALID_CASES ?? 20);

describe('fuzz gate (generated from /api/docs/json)', () => {
  let gate: GateApp;
  beforeAll(async () => {
    // Load shedding measures this process's event loop, which the test itself keeps busy: off here.
    gate = await createGateApp();
  });
  afterAll(async () => gate?.close());

  it('no operation answers 5xx or a non-JSON error, or logs an error, whatever it is sent', async () => {
    const started = Date.now();
    const operations = operationsOf(gate.app.swagger());
    const run = await runFuzz(gate, operations, {
      seed,
      randomPerBase,
      validVariants,
      debug: !!process.env.GATES_DEBUG,
    });

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const rejected = [...run.perOperation].filter(([, s]) => !s.baseAccepted).map(([n]) => n);
    const succeeded = [...run.perOperation.values()].reduce((n, s) => n + s.succeeded, 0);
    console.info(
      `fuzz gate: ${operations.length} operations, ${run.sent} requests (${succeeded} answered 2xx) in ${seconds} s (seed ${seed}); ` +
        `the owner's valid request succeeded on ${operations.length - rejected.length}; not on: ${rejected.join(', ')}`,
    );

    // Not vacuous: every operation of the document was sent signed in and signed out.
    expect(operations.length).toBeGreaterThan(0);
    for (const [name, s] of run.perOperation) {
      expect(s.sent - s.signedOut, `${name} signed in`).toBeGreaterThan(0);
      expect(s.signedOut, `${name} signed out`).toBeGreaterThan(0);
    }
    // The public booking page's calls (issue 37): each one's valid request went through (a free time
    // booked, a live manage token cancelled and moved), so the fuzz reaches past their validation.
    const publicCalls = [...run.perOperation].filter(([name]) => name.includes(' /api/public/'));
    console.info(
      `fuzz gate, public booking calls answered 2xx: ${publicCalls.map(([n, s]) => `${n} ${s.succeeded}/${s.sent} ${JSON.stringify(s.statuses)}`).join(', ')}`,
    );
    expect(publicCalls.length).toBeGreaterThanOrEqual(8);
    for (const [name, s] of publicCalls) {
      expect(s.baseAccepted, `${name}: the owner's valid request succeeded`).toBe(true);
    }
    const problems = run.findings.length + run.logProblems.length;
    const report = compactReport([...run.findings, ...run.logProblems]);
    expect(problems, `problems (seed ${seed}):\n${report}\n`).toBe(0);
  }, 600_000);
});
