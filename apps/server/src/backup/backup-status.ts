// What `GET /metrics` reports about this process's backups (the embedded server's own: daily, and those
// `npm run backup` asked it for). A PostgreSQL deployment's pg_dump runs outside the server: not seen here.

let lastSuccess: Date | null = null;
let failures = 0;

export const backupStatus = {
  recordSuccess(at: Date) {
    if (!lastSuccess || at > lastSuccess) lastSuccess = at;
  },
  recordFailure() {
    failures++;
  },
  /** The newest successful backup's time, or null when none is known. */
  lastSuccess: () => lastSuccess,
  failures: () => failures,
};
