// The web files that need a module graph of their own. A `vi.mock` applies to the modules its file
// imports, and without isolation a module another file imported first keeps the real dependency, while
// one imported under the mock keeps the mock for the files after it.
export const webIsolated = [
  // vi.mock('…/orders'): the orders feature's windows stubbed out of the page under test.
  'src/features/clients/components/client-card.test.tsx',
  'src/features/clients/pages/clients-page.test.tsx',
  'src/features/history/pages/history-export.test.tsx',
  'src/features/history/pages/history-page.test.tsx',
  'src/features/schedule/components/filter-popover.test.tsx',
  'src/features/schedule/pages/schedule-lanes.test.tsx',
  'src/features/schedule/pages/schedule-page.test.tsx',
  // vi.mock('…/leaflet-map'): the map stubbed out of the station forms.
  'src/features/stations/components/add-station-modal.test.tsx',
  'src/features/stations/components/station-settings-form.test.tsx',
  'src/features/stations/pages/settings-info-page.test.tsx',
  // vi.mock('…/use-media-query'): a touch screen and a mouse in one file.
  'src/components/hover-tooltip.test.tsx',
  // vi.resetModules(): loads lib/feedback anew, which would re-import everything after it in the worker.
  'src/lib/feedback.test.tsx',
];

/** What makes a test file need its own module graph (see above). */
export const needsIsolation = /\bvi\.(mock|doMock|resetModules)\(/;
