// A worker thread gets neither tsx (npm start) nor vite's loader (vitest), and Node 20 loads a worker's
// entry before its --import hooks: register tsx here, then load the TypeScript entry the parent names.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
