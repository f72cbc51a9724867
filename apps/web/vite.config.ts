import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import {
  afterArrivalModules,
  alwaysNeededModules,
  dailyRoutes,
  feedbackHolders,
  newOrdersWindow,
} from './src/app/daily-routes';
import { antdFirstScreenStyles } from './build/antd-styles';
import { chunkGraph } from './build/chunk-graph';
import { compileHints } from './build/compile-hints';
import { precompressAssets } from './build/precompress';
import { inlineThemeInit } from './build/inline-theme-init';
import { dailyChunkGroups } from './build/daily-chunks';
import { quietLibraryLabels } from './build/quiet-library-labels';
import type { renderLoginPageMarkup } from './src/features/auth/login/login-markup';

/**
 * The JS and CSS files the service worker precaches: the entry and what the daily routes
 * (src/app/daily-routes.ts) load through static imports. Collected from the bundle's chunk graph; the
 * PWA plugin writes sw.js after the bundle, so the set is complete by then. Everything else (Excel,
 * charts, maps, tariffs, settings, the wizard …) is cached at runtime when first used (issue 15).
 */
/**
 * book.html, the public booking page (issue 37): a page of drivers, its own small entry (Preact, no antd,
 * no React Query). The staff app's service worker neither precaches it nor answers its addresses with the
 * app's index.html; the page itself registers no worker, so a driver never downloads the staff app.
 */
const publicEntries = new Set(['book']);
const publicPages = new Set(['book.html']);
/** Navigations the server answers with book.html (`/book/{code}`, `/book/{code}/privacy`, `/booking/{token}`). */
const publicNavigations = [/^\/book(\/|$)/, /^\/booking(\/|$)/];
/** The worker theme-init.js starts on a signed-in page (public/intl-warmup.js): offline as well. */
const pageWorkers = new Set(['intl-warmup.js']);

function dailyRoutesPrecache() {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'crm-daily-routes-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const graph = chunkGraph(chunks, this.environment.config.root);
      const modules = [
        ...Object.values(dailyRoutes).flatMap((route) => route.modules),
        ...alwaysNeededModules,
      ];
      // The public booking page is for drivers, not staff: its entry is no part of the staff app's precache.
      const entries = chunks.filter((chunk) => chunk.isEntry && !publicEntries.has(chunk.name));
      for (const chunk of graph.loadedWith([...entries, ...graph.routeChunks(modules)])) {
        files.add(chunk.fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
      }
    },
  };
  const isPrecached = (url: string) =>
    !publicPages.has(url) && (!/\.(js|css)$/.test(url) || files.has(url) || pageWorkers.has(url));
  /** The precached files (JS and CSS), complete once this plugin's `generateBundle` has run. */
  return { plugin, isPrecached, files: (): ReadonlySet<string> => files };
}

const precache = dailyRoutesPrecache();

/** The clients' first page's query and what it needs, asked at navigation to «Клиенты» (see its group below). */
const clientsData =
  /\/(features\/clients\/(api\/(prefetch-client-list|client-list)|lib\/clients-filters)|packages\/shared\/src\/drivers\/driver-list)\.ts$/;

/** The layouts every signed-in route renders, outermost first; the station routes' own modules after them. */
const layoutLayers = [
  { name: 'antd', modules: ['src/app/root-boundary.tsx', 'src/app/antd-layout.tsx'] },
  { name: 'shell', modules: ['src/app/layout/app-layout.tsx'] },
];
const layoutModules = new Set<string>(layoutLayers.flatMap((layer) => layer.modules));
const beyondLayouts = (modules: readonly string[]) => modules.filter((module) => !layoutModules.has(module));
const chunkGroups = dailyChunkGroups({
  root: import.meta.dirname,
  configFile: import.meta.filename,
  layers: layoutLayers,
  pages: ['calendar', 'dashboard', 'picker'],
  routes: {
    calendar: beyondLayouts(dailyRoutes.calendar.modules),
    dashboard: beyondLayouts(dailyRoutes.dashboard.modules),
    picker: beyondLayouts(dailyRoutes['station picker'].modules),
    // Loaded on arrival at a station with orders waiting: a unit of its own, or the calendar would load
    // the dashboard's chunks for the modules this window shares with the dashboard.
    'new-orders': [newOrdersWindow],
    // The calendar's «На смене» line, loaded after it: a unit of its own, or a month name it shares with
    // the dashboard loaded the dashboard's chunks (≈ 13 KB) on every arrival at the calendar, before its
    // largest paint on a slow line (issue 40).
    'on-shift': ['src/features/shifts/components/on-shift-line.tsx'],
    // What the shell loads after any signed-in page has arrived (daily-routes.ts): units of their own too.
    ...Object.fromEntries(
      [...afterArrivalModules, feedbackHolders].map((module) => [basename(module, '.tsx'), [module]]),
    ),
  },
});

/**
 * antd's form context (which every popup, tooltip and modal imports) needs only rc-form's FormProvider, but
 * imports it from the package index, whose static property assignments keep the whole form engine and its
 * validator (≈ 12 KB gzip) in every antd page. Pointing that one import at the module that defines
 * FormProvider (the same module the index re-exports, so the same component) lets pages without a form
 * go without the engine; pages with a form load it with their Form as before.
 */
const formProviderOnly: Plugin = {
  name: 'crm-antd-form-context-provider-only',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (
      source !== '@rc-component/form' ||
      !importer?.replace(/\\/g, '/').endsWith('/antd/es/form/context.js')
    )
      return null;
    return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
  },
};

/**
 * React Router 7's package exports name its development build under every condition (`ENABLE_DEV_WARNINGS`
 * on: the warnings' checks and texts). The production copy beside it differs in that one flag, so a build
 * takes it (0.5 KB gzip less on every page); the dev server and the unit tests keep the warnings.
 */
const reactRouterProduction: Plugin = {
  name: 'crm-react-router-production',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (source !== 'react-router' && source !== 'react-router/dom') return null;
    const resolved = await this.resolve(source, importer, { skipSelf: true });
    if (!resolved) return null;
    const production = resolved.id.replace(/([\\/])dist\1development\1/, '$1dist$1production$1');
    if (production === resolved.id || !existsSync(production)) {
      this.error(`react-router: no production build beside ${resolved.id} (see vite.config.ts)`);
    }
    return production;
  },
};

/**
 * `virtual:antd-first-screens.css`: antd's styles for the daily routes' first screens, extracted at build time
 * (build/antd-styles.ts).
 * Empty in the dev server and the unit tests, where antd writes them at run time as it always could.
 */
function antdStaticStyles(): Plugin {
  const id = 'virtual:antd-first-screens.css';
  let build = false;
  return {
    name: 'crm-antd-static-styles',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) => (resolved === `\0${id}` ? (build ? antdFirstScreenStyles() : '') : null),
  };
}

/**
 * login.html, the login page: a page of its own, not the React app (issue 15). Its markup is rendered here
 * from `login-markup.tsx` into the HTML, so the first paint is the page and its script only makes it work.
 * The server answers `/auth/yandex` with it; so does the dev server.
 */
function loginPage(): Plugin {
  let root = '';
  return {
    name: 'crm-login-page',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        if (!context.filename.endsWith('login.html')) return html;
        // Through tsx, not the config's own bundle: the markup uses the workspace's TypeScript packages.
        const { tsImport } = await import('tsx/esm/api');
        const markup = (await tsImport(
          pathToFileURL(resolve(root, 'src/features/auth/login/login-markup.tsx')).href,
          import.meta.url,
        )) as { renderLoginPageMarkup: typeof renderLoginPageMarkup };
        // The head both pages share is written once, in index.html, above its «Above:» comment.
        const index = readFileSync(resolve(root, 'index.html'), 'utf8');
        const head = index.slice(index.indexOf('<head>') + 6, index.indexOf('<!-- Above:')).trim();
        return html
          .replace(/<!--the head of index\.html[^>]*-->/, head)
          .replace('<!--login-page-->', markup.renderLoginPageMarkup());
      },
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url?.split('?')[0] === '/auth/yandex')
          request.url = request.url.replace('/auth/yandex', '/login.html');
        next();
      });
    },
  };
}

/**
 * The dev server answers the public booking addresses with book.html, as the server does in production.
 * The build leaves Vite's modulepreload polyfill out of book.html: shared by three entries it became a file
 * of its own on every staff route (one request more each); the booking page's one preloaded chunk only
 * loads a moment later on a browser without modulepreload.
 */
const publicBookingPages: Plugin = {
  name: 'crm-public-booking-pages',
  enforce: 'post',
  transform(code, id) {
    if (!publicPages.has(basename(id)) || !code.includes('vite/modulepreload-polyfill')) return null;
    return { code: code.replace(/import\s*["']vite\/modulepreload-polyfill(?:\.js)?["'];?/, ''), map: null };
  },
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const path = request.url?.split('?')[0] ?? '';
      if (publicNavigations.some((pattern) => pattern.test(path))) request.url = '/book.html';
      next();
    });
  },
};

export default defineConfig({
  plugins: [
    // The public booking page's files are Preact (their `@jsxImportSource preact` pragma): no React Refresh.
    react({
      refreshExclude: [/\/node_modules\//, /\/src\/book\.tsx$/, /\/features\/online-booking\/public\//],
    }),
    loginPage(),
    inlineThemeInit(resolve(import.meta.dirname, 'theme-init.js')),
    publicBookingPages,
    antdStaticStyles(),
    formProviderOnly,
    reactRouterProduction,
    quietLibraryLabels(),
    precache.plugin,
    // After the precache list: the files a daily route runs are the ones it names (build/compile-hints.ts).
    compileHints(precache.files),
    // Once the files are final: each hashed file also as .br and .gz, sent as they are by the server.
    precompressAssets(),
    chunkGroups.plugin,
    VitePWA({
      registerType: 'prompt',
      filename: 'sw.js',
      injectRegister: false,
      manifest: {
        name: 'Автомойка CRM',
        short_name: 'Мойка CRM',
        description: 'CRM для автомоек: записи, календарь боксов, клиенты и тарифы',
        lang: 'ru',
        start_url: '/',
        display: 'standalone',
        theme_color: '#7c3aed',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The generated worker stays; push and notification clicks are added from a plain script of ours.
        importScripts: ['/push-sw.js'],
        navigateFallback: '/index.html',
        // The login page is login.html, not the app: it comes from the server (below: from the cache offline).
        // The public booking pages are book.html, for drivers: from the network, never the staff app.
        navigateFallbackDenylist: [/^\/api\//, /^\/auth\/yandex/, ...publicNavigations],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The install page's videos, posters and captions (issue 39): fetched there, when played, never precached.
        globIgnores: ['**/node_modules/**', 'install/**'],
        // Only the shell and the daily routes: a first visit on mobile data downloads what it will use.
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => precache.isPrecached(entry.url)) }),
        ],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        runtimeCaching: [
          {
            urlPattern: ({ request, url, sameOrigin }) =>
              sameOrigin && request.mode === 'navigate' && url.pathname === '/auth/yandex',
            handler: 'NetworkFirst',
            options: { cacheName: 'crm-login', networkTimeoutSeconds: 5 },
          },
          {
            // Hashed file names never change content: the rest of the app, cached the first time it loads
            // (then offline too). Excel writing (≈ 0.9 MB) lands here when someone exports.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'crm-assets',
              expiration: { maxEntries: 300, maxAgeSeconds: 90 * 24 * 60 * 60, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  // The manifest (with .vite/route-chunks.json) lets bench/web-size.ts sum what each route loads initially.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    manifest: true,
    // The entry's imports are preloaded from index.html; a lazy route's are not. Inserting a
    // <link rel="modulepreload"> per dependency of each lazy route cost the calendar's first load 150–550 ms of
    // main thread at Lighthouse's 4× CPU (≈ 40 links, each a synchronous insert), while the modules' own
    // imports fetch the same files as fast on a throttled phone (docs/decisions.md, issue 15). CSS stays.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rollupOptions: {
      input: { index: 'index.html', login: 'login.html', book: 'book.html' },
      output: {
        codeSplitting: {
          groups: [
            {
              debugName: 'daily routes',
              name: chunkGroups.chunkName,
              // The scan already grouped each module with what loads it; a module's dependencies are
              // grouped for their own routes, not pulled into the first group that imports them.
              includeDependenciesRecursively: false,
            },
            {
              // What «Клиенты» asks for at navigation (features/clients/api/prefetch-client-list.ts), in one
              // file with it. Split by the bundler, its imports were found only as each file arrived: two more
              // levels before the request went out (≈ 0.3 s later in a trace at 5× CPU, issue 40).
              debugName: 'clients data',
              name: (id: string) => (clientsData.test(id) ? 'clients-data' : null),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
