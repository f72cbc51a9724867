import type { Plugin, Rolldown } from 'vite';
import { chunkGraph } from './chunk-graph';

/** Set in the scanning build, which chunks as the bundler would by itself. */
const CHUNK_SCAN_ENV = 'CRM_DAILY_CHUNK_SCAN';
const isChunkScan = () => process.env[CHUNK_SCAN_ENV] === '1';

interface DailyChunkOptions {
  root: string;
  configFile: string;
  /** Layouts outermost first: each takes in what its route modules load and the layers above do not. */
  layers: { name: string; modules: readonly string[] }[];
  /**
   * The routes of `routes` that are pages: code every one of them loads is the shell's, whatever else
   * (an arrival window, the feedback engines) loads it too.
   */
  pages?: readonly string[];
  /**
   * What loads under the last layer: each station route as its route modules beyond the layers, and what a
   * route loads on arrival as a unit of its own (the new-orders window).
   */
  routes: Record<string, readonly string[]>;
}

/**
 * Few, larger chunks for the daily routes (issue 15). Left to itself the bundler gives every distinct set of
 * lazy importers a chunk of its own: the calendar's first load was 89 files, mostly of 0.1–2 KB (an icon, a
 * helper), each a request on one of a phone's 6 HTTP/1.1 connections. This regroups what the daily routes
 * load: the antd layout's chunks into one, the signed-in shell's into one, then one per set of station
 * routes and arrival windows sharing them (calendar, dashboard, picker, new orders). A route loads exactly
 * the code it loaded before, in fewer files that also compress better together.
 *
 * Which code a route loads is only known after tree-shaking: `import { Button } from 'antd'` reaches all of
 * antd through its index. So a first build, chunked as the bundler would and not written, is read for it
 * (≈ 3 s); the real build then names the groups. Another page that imports code from a group loads the
 * whole group, which the service worker has precached with the daily routes: it costs that page nothing
 * from the network. Modules of an entry (index.html, login.html) stay with it.
 *
 * The route modules join their groups too (issue 40): as chunks of their own (1–2 KB each) they were five
 * more requests on every arrival, and a level more in the chain, since their groups' chunks were found only
 * once they had loaded. Their chunks are written to `.vite/route-chunks.json` (routeChunkMap) for the
 * readers of the manifest, which names only a chunk's facade module.
 */
export function dailyChunkGroups(options: DailyChunkOptions) {
  let groupOf = new Map<string, string>();
  /** What the entries load through static imports: a stylesheet they import stays out of the groups. */
  let entryLoaded = new Set<string>();
  const plugin: Plugin = {
    name: 'crm-daily-chunk-groups',
    apply: 'build',
    async buildStart() {
      if (isChunkScan()) return;
      const scanned = await scanBuild(options);
      groupOf = groupsFromScan(options, scanned);
      const graph = chunkGraph(scanned, options.root);
      entryLoaded = new Set(
        graph.loadedWith(scanned.filter((chunk) => chunk.isEntry)).flatMap((chunk) => chunk.moduleIds),
      );
    },
    generateBundle(_options, bundle) {
      if (isChunkScan()) return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      this.emitFile({
        type: 'asset',
        fileName: routeChunkMap,
        source: JSON.stringify(routeChunkFiles(options, chunks), null, 2),
      });
    },
  };
  const chunkName = (id: string, context: Rolldown.ChunkingContext) =>
    groupOf.get(id) ??
    (isStylesheet(id)
      ? stylesheetGroup(context.getModuleInfo(id)?.importers ?? [], {
          groupOf,
          entryLoaded,
          layers: options.layers,
        })
      : null);
  return { plugin, chunkName };
}

const isStylesheet = (id: string) => /\.css(\?|$)/.test(id);

/**
 * The group of a stylesheet imported from several chunks. In the scan it is a chunk of CSS alone, which
 * Vite drops from the bundle after taking its CSS out: the scan never sees its module, and left alone the
 * real build made it a file of its own (`shell-overlays.css`: one more request on every signed-in page).
 * It joins the group of what imports it: the outermost layer among them, or their one group. Not when an
 * entry loads it (the login page would then load antd and the shell for it).
 */
export function stylesheetGroup(
  importers: readonly string[],
  {
    groupOf,
    entryLoaded,
    layers,
  }: {
    groupOf: ReadonlyMap<string, string>;
    entryLoaded: ReadonlySet<string>;
    layers: readonly { name: string }[];
  },
): string | null {
  if (importers.some((importer) => entryLoaded.has(importer))) return null;
  const groups = new Set(importers.map((importer) => groupOf.get(importer)));
  const layer = layers.find((l) => groups.has(l.name));
  if (layer) return layer.name;
  const [only] = groups;
  return groups.size === 1 && only ? only : null;
}

/** Route module (as the routes name it) → the file of the chunk holding it, beside Vite's manifest. */
export const routeChunkMap = '.vite/route-chunks.json';

function routeChunkFiles(
  { root, layers, routes }: Pick<DailyChunkOptions, 'root' | 'layers' | 'routes'>,
  chunks: Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'facadeModuleId' | 'moduleIds'>[],
) {
  const modules = [
    ...new Set([...layers.flatMap((layer) => layer.modules), ...Object.values(routes).flat()]),
  ];
  const found = chunkGraph(chunks, root).routeChunks(modules);
  return Object.fromEntries(modules.map((module, i) => [module, found[i]!.fileName]));
}

async function scanBuild({ root, configFile }: DailyChunkOptions) {
  const { build } = await import('vite');
  process.env[CHUNK_SCAN_ENV] = '1';
  try {
    const output = await build({
      root,
      configFile,
      logLevel: 'warn',
      build: { write: false, emptyOutDir: false },
    });
    const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
    return outputs.flatMap((o) => o.output).filter((file) => file.type === 'chunk');
  } finally {
    delete process.env[CHUNK_SCAN_ENV];
  }
}

/** What the grouping reads of a chunk of the scanning build; without `modules`, no group counts as small. */
export type ScannedChunk = Pick<
  Rolldown.OutputChunk,
  'fileName' | 'name' | 'isEntry' | 'facadeModuleId' | 'imports' | 'moduleIds'
> & { modules?: Record<string, { renderedLength: number }> };

/**
 * A station route's group smaller than this (bytes of code before minifying) joins the last layer: on a
 * phone its own request costs more than its bytes do in every signed-in page. Seen: antd's 61-byte
 * `fallbackProp`, shared by the picker and the new-orders window only.
 */
export const smallestRouteGroup = 512;

/** Module id → chunk name, for the modules that the daily routes load (see dailyChunkGroups). */
export function groupsFromScan(
  options: Pick<DailyChunkOptions, 'root' | 'layers' | 'routes' | 'pages'>,
  chunks: ScannedChunk[],
) {
  const graph = chunkGraph(chunks, options.root);
  const modulesLoadedWith = (from: ScannedChunk[]) =>
    new Set(graph.loadedWith(from).flatMap((chunk) => chunk.moduleIds));
  const { routeChunks } = graph;

  // What one entry alone loads beside its own chunk joins one chunk; what two entries share stays as it was.
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const entryModules = entries.map((entry) => [entry, modulesLoadedWith([entry])] as const);
  const taken = new Set(entries.flatMap((entry) => entry.moduleIds));
  const groupOf = new Map<string, string>();
  const assign = (id: string, name: string) => {
    if (taken.has(id)) return;
    taken.add(id);
    groupOf.set(id, name);
  };
  const layers = options.layers.map(
    (layer) => [layer.name, modulesLoadedWith(routeChunks(layer.modules))] as const,
  );
  const routes = Object.entries(options.routes).map(
    ([name, modules]) => [name, modulesLoadedWith(routeChunks(modules))] as const,
  );
  // A module the public booking page (entry `book`) shares with the staff's routes stays out of that page's
  // chunk: in it, the calendar loaded the booking page's car catalogue for one time helper (2.8 KB gzip).
  // The login page's shared chunk is small and loaded by every staff page already; it stays as it was.
  const loadedByStaff = (id: string) => [...layers, ...routes].some(([, modules]) => modules.has(id));
  for (const [entry, modules] of entryModules) {
    for (const id of modules) {
      if (!entryModules.every(([other, its]) => other === entry || !its.has(id))) continue;
      if (entry.name === 'book' && loadedByStaff(id)) continue;
      assign(id, `${entry.name}-shared`);
    }
  }
  entryModules.flatMap(([, modules]) => [...modules]).forEach((id) => taken.add(id));
  for (const [name, modules] of layers) {
    for (const id of modules) assign(id, name);
  }
  // Each group by name: the routes that load it and its modules.
  const routeGroups = new Map<string, { loadedBy: string[]; ids: string[] }>();
  for (const id of new Set(routes.flatMap(([, modules]) => [...modules]))) {
    const loadedBy = routes.filter(([, modules]) => modules.has(id)).map(([name]) => name);
    const name = loadedBy.join('-');
    assign(id, name);
    if (groupOf.get(id) !== name) continue;
    const group = routeGroups.get(name) ?? { loadedBy, ids: [] };
    group.ids.push(id);
    routeGroups.set(name, group);
  }
  // Every station route renders under the last layer, so what joins it still reaches each of them.
  const lastLayer = options.layers.at(-1)?.name;
  const pages = options.pages ?? [];
  const size = new Map(
    chunks.flatMap((chunk) => Object.entries(chunk.modules ?? {}).map(([id, m]) => [id, m.renderedLength])),
  );
  for (const { loadedBy, ids } of routeGroups.values()) {
    const small = ids.reduce((sum, id) => sum + (size.get(id) ?? Infinity), 0) < smallestRouteGroup;
    const everyPage = pages.length > 0 && pages.every((page) => loadedBy.includes(page));
    if (lastLayer && (small || everyPage)) ids.forEach((id) => groupOf.set(id, lastLayer));
  }
  return groupOf;
}
