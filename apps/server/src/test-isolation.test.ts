import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { needsIsolation, serverIsolated } from '../test-isolation';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(serverRoot, path)] : [];
  });
}

describe('the server test files that share a worker', () => {
  it('include no file that mocks modules: those run in server-isolated', () => {
    const files = testFiles(join(serverRoot, 'src'));
    const mocking = files.filter((file) => needsIsolation.test(readFileSync(join(serverRoot, file), 'utf8')));
    expect(mocking.sort()).toEqual([...serverIsolated].sort());
  });
});
