import { preloadable } from '../../../lib/preloadable';

/**
 * Parts of the clients' pages that load when first shown (issue 40): the table view (antd's Table, ≈ 200 KB
 * of code) is a desktop choice in the URL, and the client form and the import windows open on a press. In
 * the page's chunk, «Клиенты» on a phone fetched and ran all of it before its first cards (0.7–1.4 s to the
 * list on the budgets' phone).
 */
export const LazyClientsTable = preloadable(async () => ({
  default: (await import('./clients-table')).ClientsTable,
})).Component;

export const LazyClientFormModal = preloadable(async () => ({
  default: (await import('./client-form-modal')).ClientFormModal,
})).Component;

export const LazyImportModal = preloadable(async () => ({
  default: (await import('./import-modal')).ImportModal,
})).Component;
