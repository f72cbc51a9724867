// Run by seedFreshDataDirInChildProcess (demo-child-process.ts) as its own process: creates the database
// in DATA_DIR (initdb, migrations) with the demo data, then exits.
import { openDatabase } from '../../db/client';
import { seedDemo } from './demo';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: demo-first-start.ts <DATA_DIR>');
const database = await openDatabase({ dataDir });
try {
  await database.migrate();
  await seedDemo(database.db);
} finally {
  await database.close();
}
