import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Adapters } from './adapters';

/** What every module's routes receive: services get their dependencies as arguments (DESIGN §3). */
export interface AppDeps {
  db: Database;
  database: DatabaseHandle;
  config: Config;
  adapters: Adapters;
}
