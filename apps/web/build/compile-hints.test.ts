import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { COMPILE_HINT, compileHints } from './compile-hints';

type Bundle = Record<
  string,
  { type: 'chunk'; fileName: string; code: string } | { type: 'asset'; fileName: string; source: string }
>;

/** Runs the plugin's generateBundle on a bundle of plain objects, as the bundler would. */
function hint(bundle: Bundle, hinted: string[]) {
  const plugin = compileHints(() => new Set(hinted));
  const hook = plugin.generateBundle as {
    handler: (options: unknown, bundle: Rolldown.OutputBundle) => void;
  };
  hook.handler({}, bundle as unknown as Rolldown.OutputBundle);
  return bundle;
}

describe('V8 compile hints (issue 40: the daily routes compile off the main thread)', () => {
  it('opens each named chunk with the hint, as its first line, ahead of what Vite put at the top', () => {
    const bundle = hint(
      {
        'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', code: 'const __vite__mapDeps=1;' },
        'assets/shell.js': { type: 'chunk', fileName: 'assets/shell.js', code: 'export{a};' },
      },
      ['assets/index.js', 'assets/shell.js'],
    );
    expect(bundle['assets/index.js']).toMatchObject({
      code: '//# allFunctionsCalledOnLoad\nconst __vite__mapDeps=1;',
    });
    expect(bundle['assets/shell.js']).toMatchObject({ code: `${COMPILE_HINT}export{a};` });
  });

  it('leaves code that loads when used (Excel, charts) and non-script files alone', () => {
    const bundle = hint(
      {
        'assets/exceljs.js': { type: 'chunk', fileName: 'assets/exceljs.js', code: 'var x;' },
        'assets/global.css': { type: 'asset', fileName: 'assets/global.css', source: 'a{}' },
      },
      ['assets/global.css'],
    );
    expect(bundle['assets/exceljs.js']).toMatchObject({ code: 'var x;' });
    expect(bundle['assets/global.css']).toMatchObject({ source: 'a{}' });
  });

  it('adds the hint once when the bundle is written twice', () => {
    const bundle: Bundle = {
      'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', code: 'x();' },
    };
    hint(bundle, ['assets/index.js']);
    hint(bundle, ['assets/index.js']);
    expect(bundle['assets/index.js']).toMatchObject({ code: `${COMPILE_HINT}x();` });
  });
});
