import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, serverNodeFlags } from '../../e2e/support/server';

// bench:memory, the browser tests and the other benches start the server with serverNodeFlags and claim to
// measure what `npm start` runs: a flag changed in one place and not the other would measure another server.
describe('the flags every test and bench starts the server with', () => {
  const flags = serverNodeFlags.join(' ');

  it('are those of npm start', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'apps/server/package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(pkg.scripts.start).toBe(`MALLOC_ARENA_MAX=2 node ${flags} src/server.ts`);
  });

  it('are those of the hosted instances (systemd)', () => {
    const unit = readFileSync(join(repoRoot, 'deploy/systemd/crm@.service'), 'utf8');
    expect(unit).toMatch(new RegExp(`^ExecStart=/usr/bin/node ${flags} apps/server/src/server\\.ts$`, 'm'));
  });

  it('import PGlite before tsx registers, so Node loads it without tsx', () => {
    expect(serverNodeFlags.indexOf('@electric-sql/pglite')).toBeLessThan(serverNodeFlags.indexOf('tsx'));
  });
});
