import { describe, expect, it } from 'vitest';
import { groupsFromScan, stylesheetGroup, type ScannedChunk } from './daily-chunks';

const root = '/app';
const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  extra: Partial<ScannedChunk> = {},
): ScannedChunk => ({
  fileName,
  name: fileName.replace('.js', ''),
  isEntry: false,
  facadeModuleId: null,
  imports,
  moduleIds: moduleIds.map((id) => `${root}/${id}`),
  ...extra,
});
const route = (fileName: string, module: string, imports: string[]) =>
  chunk(fileName, [module], imports, { facadeModuleId: `${root}/${module}` });

/** The scanning build of a small app: two entries, two layouts, three pages, shared chunks between them. */
const scanned = [
  chunk('index.js', ['src/main.tsx'], ['query.js', 'global.js'], { isEntry: true, name: 'index' }),
  chunk('login.js', ['src/login.ts'], ['global.js'], { isEntry: true, name: 'login' }),
  chunk('global.js', ['src/global.ts']),
  chunk('query.js', ['node_modules/query.js']),
  route('antd-layout.js', 'src/antd-layout.tsx', ['button.js', 'query.js']),
  chunk('button.js', ['node_modules/antd/button.js', 'node_modules/antd/core.js']),
  route('app-layout.js', 'src/app-layout.tsx', ['button.js', 'menu.js']),
  chunk('menu.js', ['node_modules/antd/menu.js']),
  route('schedule-page.js', 'src/schedule-page.tsx', ['grid.js', 'orders.js']),
  chunk('grid.js', ['src/grid.ts']),
  chunk('orders.js', ['src/orders.ts']),
  route('dashboard-page.js', 'src/dashboard-page.tsx', ['orders.js', 'charts-outline.js', 'answers.js']),
  chunk('charts-outline.js', ['src/charts-outline.ts']),
  chunk('answers.js', ['src/answers.ts']),
  // Loaded on arrival at either page; shares the answers with the dashboard.
  route('new-orders.js', 'src/new-orders.tsx', ['orders.js', 'answers.js']),
  // Not a daily route: its own table stays where the bundler put it.
  route('history-page.js', 'src/history-page.tsx', ['orders.js', 'table.js']),
  chunk('table.js', ['node_modules/antd/table.js']),
];
const options = {
  root,
  layers: [
    { name: 'antd', modules: ['src/antd-layout.tsx'] },
    { name: 'shell', modules: ['src/app-layout.tsx'] },
  ],
  routes: {
    calendar: ['src/schedule-page.tsx'],
    dashboard: ['src/dashboard-page.tsx'],
    'new-orders': ['src/new-orders.tsx'],
  },
};

/** The modules a route's chunks bring, before (the scan) and after grouping. */
function loadedBy(routeFiles: string[], groupOf: Map<string, string>) {
  const byFile = new Map(scanned.map((c) => [c.fileName, c]));
  const before = new Set<string>();
  const files = new Set<string>();
  const visit = (file: string) => {
    const c = byFile.get(file)!;
    files.add(file);
    c.moduleIds.forEach((id) => before.add(id));
    c.imports.forEach(visit);
  };
  ['index.js', ...routeFiles].forEach(visit);
  const groups = new Set([...before].map((id) => groupOf.get(id)).filter(Boolean));
  const after = new Set([
    ...[...before].filter((id) => !groupOf.has(id)),
    ...[...groupOf].filter(([, name]) => groups.has(name)).map(([id]) => id),
  ]);
  // A file after grouping: a group, or a chunk of the scan that kept a module outside any group.
  const filesAfter = new Set<string>(groups as Set<string>);
  for (const file of files) {
    if (byFile.get(file)!.moduleIds.some((id) => !groupOf.has(id))) filesAfter.add(file);
  }
  return { before, after, filesBefore: files.size, filesAfter: filesAfter.size };
}

describe('daily chunk groups', () => {
  const groupOf = groupsFromScan(options, scanned);
  const named = Object.fromEntries([...groupOf].map(([id, name]) => [id.slice(root.length + 1), name]));

  it('groups the layouts’ code and the pages’ code by the daily routes that load it', () => {
    expect(named).toEqual({
      'node_modules/query.js': 'index-shared',
      'src/antd-layout.tsx': 'antd',
      'node_modules/antd/button.js': 'antd',
      'node_modules/antd/core.js': 'antd',
      'src/app-layout.tsx': 'shell',
      'node_modules/antd/menu.js': 'shell',
      'src/schedule-page.tsx': 'calendar',
      'src/grid.ts': 'calendar',
      'src/orders.ts': 'calendar-dashboard-new-orders',
      'src/dashboard-page.tsx': 'dashboard',
      'src/charts-outline.ts': 'dashboard',
      'src/new-orders.tsx': 'new-orders',
      'src/answers.ts': 'dashboard-new-orders',
    });
  });

  it('leaves the entries’ own and shared modules and other pages’ code where they were', () => {
    for (const id of ['src/main.tsx', 'src/login.ts', 'src/global.ts', 'src/history-page.tsx']) {
      expect(named[id]).toBeUndefined();
    }
    expect(named['node_modules/antd/table.js']).toBeUndefined();
  });

  it('loads each daily route, and the calendar with its arrival window, exactly the modules it loaded before, in fewer files', () => {
    const layouts = ['antd-layout.js', 'app-layout.js'];
    const pages = [['schedule-page.js'], ['dashboard-page.js'], ['schedule-page.js', 'new-orders.js']];
    for (const page of pages) {
      const { before, after, filesBefore, filesAfter } = loadedBy([...layouts, ...page], groupOf);
      expect(after).toEqual(before);
      // The layouts' own chunks are requests no more: their layers' groups hold them.
      expect(filesAfter).toBeLessThanOrEqual(filesBefore - layouts.length);
    }
  });

  it('puts a station route group smaller than a request is worth into the last layer', () => {
    const sized = scanned.map((c) => ({
      ...c,
      modules: Object.fromEntries(
        c.moduleIds.map((id) => [id, { renderedLength: id.endsWith('answers.ts') ? 200 : 5000 }]),
      ),
    }));
    const small = groupsFromScan(options, sized);
    expect(small.get(`${root}/src/answers.ts`)).toBe('shell');
    // The groups of a request's worth stay, and so do the layers' and the entry's.
    expect(small.get(`${root}/src/orders.ts`)).toBe('calendar-dashboard-new-orders');
    expect(small.get(`${root}/src/charts-outline.ts`)).toBe('dashboard');
    expect(small.get(`${root}/node_modules/antd/menu.js`)).toBe('shell');
    expect(small.get(`${root}/node_modules/query.js`)).toBe('index-shared');
  });

  it('puts what every page loads into the last layer, whatever else loads it too', () => {
    const shared = groupsFromScan({ ...options, pages: ['calendar', 'dashboard'] }, scanned);
    // Loaded by both pages and the new-orders window: the shell's.
    expect(shared.get(`${root}/src/orders.ts`)).toBe('shell');
    // Loaded by one page only: stays with it.
    expect(shared.get(`${root}/src/answers.ts`)).toBe('dashboard-new-orders');
    expect(shared.get(`${root}/src/grid.ts`)).toBe('calendar');
  });

  it('keeps out of the public booking page’s chunk what the staff’s routes load too', () => {
    const withBooking = [
      ...scanned.map((c) => (c.fileName === 'grid.js' ? { ...c, imports: ['zoned-time.js'] } : c)),
      chunk('book.js', ['src/book.tsx'], ['zoned-time.js', 'catalogue.js'], { isEntry: true, name: 'book' }),
      chunk('zoned-time.js', ['src/zoned-time.ts']),
      chunk('catalogue.js', ['src/catalogue.ts']),
    ];
    const groups = groupsFromScan(options, withBooking);
    // Its own catalogue joins its chunk; the time helper the calendar loads too stays where the bundler put it.
    expect(groups.get(`${root}/src/catalogue.ts`)).toBe('book-shared');
    expect(groups.has(`${root}/src/zoned-time.ts`)).toBe(false);
  });

  it('names a route module that is in no chunk', () => {
    expect(() =>
      groupsFromScan({ ...options, routes: { calendar: ['src/missing-page.tsx'] } }, scanned),
    ).toThrow('daily route module src/missing-page.tsx is in no chunk (router.tsx?)');
  });
});

describe('a stylesheet imported from several chunks', () => {
  const groupOf = new Map([
    ['/app/src/app-layout.tsx', 'shell'],
    ['/app/src/antd-layout.tsx', 'antd'],
    ['/app/src/schedule-page.tsx', 'calendar'],
    ['/app/src/grid.ts', 'calendar'],
    ['/app/src/dashboard-page.tsx', 'dashboard'],
  ]);
  const layers = [{ name: 'antd' }, { name: 'shell' }];
  const group = (importers: string[], entryLoaded: string[] = []) =>
    stylesheetGroup(
      importers.map((i) => `/app/${i}`),
      { groupOf, layers, entryLoaded: new Set(entryLoaded.map((i) => `/app/${i}`)) },
    );

  it('joins the outermost layer among its importers, whatever else imports it', () => {
    expect(group(['src/schedule-page.tsx', 'src/app-layout.tsx', 'src/history-page.tsx'])).toBe('shell');
    expect(group(['src/app-layout.tsx', 'src/antd-layout.tsx'])).toBe('antd');
  });

  it('joins its importers’ one group, and no group when they are in several or in none', () => {
    expect(group(['src/schedule-page.tsx', 'src/grid.ts'])).toBe('calendar');
    expect(group(['src/schedule-page.tsx', 'src/dashboard-page.tsx'])).toBeNull();
    expect(group(['src/history-page.tsx'])).toBeNull();
  });

  it('stays out of the groups when an entry loads it: the login page would load the shell for it', () => {
    expect(group(['src/app-layout.tsx', 'src/login-card.tsx'], ['src/login-card.tsx'])).toBeNull();
  });
});
