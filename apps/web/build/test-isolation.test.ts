import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsIsolation, webIsolated } from '../test-isolation';

// This file's own path (happy-dom gives `import.meta.url` a page address).
const webRoot = join(dirname(expect.getState().testPath!), '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(webRoot, path)] : [];
  });
}

describe('the web unit files that share a worker', () => {
  const files = testFiles(join(webRoot, 'src'));

  it('include no file that mocks modules: those run in web-isolated', () => {
    const mocking = files.filter((file) => needsIsolation.test(readFileSync(join(webRoot, file), 'utf8')));
    expect(mocking.sort()).toEqual([...webIsolated].sort());
  });
});
