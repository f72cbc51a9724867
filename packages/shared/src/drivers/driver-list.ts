import { foldSearch } from '../orders/history';
import { normalizePlate } from '../orders/order-rules';

/** Sorts of the clients page (S2 §9); default name ascending. */
export const driverSorts = [
  'name_asc',
  'name_desc',
  'surname_asc',
  'surname_desc',
  'discount_asc',
  'discount_desc',
  'created_desc',
  'created_asc',
] as const;
export type DriverSort = (typeof driverSorts)[number];
export const defaultDriverSort: DriverSort = 'name_asc';

/** Filters of the clients page (S2 §2, §9). */
export const driverFilters = ['all', 'active', 'deleted'] as const;
export type DriverFilter = (typeof driverFilters)[number];

/** Page sizes (S2 §9): cards 12 (12, 24, 48, 96), table 25 (25, 50, 100, 200). */
export const driverCardPageSizes = [12, 24, 48, 96] as const;
export const driverTablePageSizes = [25, 50, 100, 200] as const;
export const defaultDriverPageSize = 25;
export const maxDriverPageSize = 200;

/** Search starts at 3 characters (S2 §5). */
export const driverSearchMinLength = 3;

interface SortableDriver {
  id: string;
  name: string;
  surname: string;
  discount: number;
  deleted: boolean;
  date_created: string;
}

const byText = (a: string, b: string) => {
  const x = foldSearch(a);
  const y = foldSearch(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The order the server lists clients in, for a page already in the browser: deleted clients always after
 * active ones (S2 §4), then the chosen sort; ties never reshuffle a page. Name and surname sorts break
 * ties by the other and the id in the same direction, discount by name A–Я, creation by id. Text compares
 * folded (case and ё), as the server compares on a C-locale cluster.
 */
export function compareDrivers(sort: DriverSort = defaultDriverSort) {
  const dir = sort.endsWith('_desc') ? -1 : 1;
  const byId = (a: SortableDriver, b: SortableDriver) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return (a: SortableDriver, b: SortableDriver): number => {
    if (a.deleted !== b.deleted) return a.deleted ? 1 : -1;
    if (sort.startsWith('name')) {
      return dir * (byText(a.name, b.name) || byText(a.surname, b.surname) || byId(a, b));
    }
    if (sort.startsWith('surname')) {
      return dir * (byText(a.surname, b.surname) || byText(a.name, b.name) || byId(a, b));
    }
    if (sort.startsWith('discount')) {
      return (
        dir * (a.discount - b.discount) ||
        byText(a.name, b.name) ||
        byText(a.surname, b.surname) ||
        byId(a, b)
      );
    }
    return dir * (Date.parse(a.date_created) - Date.parse(b.date_created) || byId(a, b));
  };
}

/**
 * Distinct three-character pieces of a folded text: what the search index stores per client and what a
 * query must all contain (a `text[] @>` GIN match, which works whatever the cluster's locale — pg_trgm
 * treats Cyrillic as separators on a C-locale cluster). Code points, as PostgreSQL's substr() counts.
 */
export function searchTrigrams(folded: string): string[] {
  const chars = Array.from(folded);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  return [...out];
}

/**
 * The plate a clients search means, normalised as the order form's plate field writes it (`normalizePlate`:
 * upper case, Latin twins made Cyrillic): «а123вс», «A123BC 77», «123 вс» — or null for a query that is not
 * a piece of a plate: a name, a phone (digits only: those search phones), under three characters.
 */
export function plateQueryOf(query: string): string | null {
  const compact = query.replace(/[\s-]/g, '');
  const plate = normalizePlate(compact);
  if (plate.length < driverSearchMinLength || plate.length !== compact.length) return null;
  if (!/\d/.test(plate) || !/\D/.test(plate)) return null;
  return plate;
}
