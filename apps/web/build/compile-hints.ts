import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136+): a file that opens with this comment has every function
 * compiled as the file arrives, on a background thread while the rest downloads, instead of each one on the
 * main thread at its first call.
 *
 * Without it, V8 compiles lazily: a function is only pre-parsed when its file loads, then parsed again and
 * compiled on the main thread the first time it runs. On a cold arrival at the calendar nearly every function
 * of the entry and the daily groups runs within the first second (React, the router, Query, the layouts,
 * the page), so that compiling was a large share of the main thread's script time (issue 40: measured at 4×
 * CPU, the calendar's script time 873 → 674 ms and the dashboard's 938 → 705 ms with the hint, medians of 6
 * alternating loads). Browsers without the hint read a comment.
 *
 * Only for the files a daily route runs (the service worker's precache: the entry and the daily routes'
 * chunks): compiling a file eagerly costs its whole compile even where little of it runs, which is right
 * for code that runs on arrival and wrong for Excel, the charts or the map, which load when used.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts the hint at the top of the chunks `hinted()` names (file names), once the bundle's files are final:
 * after minifying, which would drop the comment, and after Vite's own `generateBundle`, which writes the
 * lazy imports' dependency table at the top of a chunk (and the precache list is collected there too).
 * A build with source maps (for profiling) keeps each hinted chunk's map as the bundler wrote it, one line
 * above the code: read a profile's frames of these files one line up (the bundler writes its own map, not
 * the chunk's `map` as changed here; tried).
 */
export function compileHints(hinted: () => ReadonlySet<string>): Plugin {
  return {
    name: 'crm-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = hinted();
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && files.has(file.fileName) && !file.code.startsWith(COMPILE_HINT)) {
            file.code = COMPILE_HINT + file.code;
          }
        }
      },
    },
  };
}
