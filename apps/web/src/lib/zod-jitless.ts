/**
 * Tells zod, before any schema exists, not to compile object parsers with `new Function`. It would first
 * probe whether eval works; the CSP forbids eval, so the probe only ever logged a violation (DevTools'
 * Issues, Lighthouse's best practices). zod keeps its settings in this global (`z.config()` reads and
 * writes it); setting it here spares the entry chunk zod's core, which `z.config` would pull in (3.6 KB).
 * zod-jitless.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
