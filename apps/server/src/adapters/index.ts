import type { Config } from '../config';

/**
 * External services behind interfaces, each with a local stand-in (DESIGN §1).
 * Filled by the auth and stations modules' adapters.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Adapters {}

export function createAdapters(_config: Config): Adapters {
  return {};
}
