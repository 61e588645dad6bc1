// @ts-check
/**
 * The server's mutation-testing groups (docs/mutation-testing.md): what each mutates, and the test
 * files (from server/, without `.test.ts`) that judge it. `stryker.config.server.mjs` runs one
 * group; `plan.mjs` judges a touched file of a group by the group's tests.
 */

/** @type {Record<string, { mutate: string[], tests: string[] }>} */
export const SERVER_GROUPS = {
  writes: {
    mutate: ['server/src/writes/**/*.ts'],
    tests: ['test/idempotency', 'test/writeOnce', 'test/forms', 'test/trustProxy', 'src/features/quote/quote'],
  },
  outbox: {
    mutate: ['server/src/outbox/**/*.ts'],
    tests: ['test/outboxClaims', 'test/outboxWorker', 'test/mailOutbox', 'test/forwarders'],
  },
  // Judged by tests of these two files alone (no whole app: each app-building test reaches the
  // security hooks, so every mutant of security.ts would run them all); the whole-app tests of the
  // same headers and limits (securityHeaders, hardening, sharedRateLimits) still run in `npm test`.
  http: {
    mutate: ['server/src/http/security.ts', 'server/src/http/rateLimitStore.ts'],
    tests: ['test/securityPolicy', 'test/securityInstall', 'test/rateLimitStore'],
  },
  // The retention of personal data: what the job deletes and when it runs. Judged by the job's run
  // through the app's forms (on SQLite), its mail files and expiry counts, and its schedule on fake timers.
  retention: {
    mutate: ['server/src/retention/**/*.ts', 'server/src/plugins/retention.ts'],
    tests: ['test/retention', 'test/retentionFiles', 'test/retentionSchedule'],
  },
  // The site search: how a query is read, ranked and suggested, and what is indexed. Judged by the
  // search tests (the database's own search through the app, and the ranking and index alone).
  search: {
    mutate: ['server/src/features/catalogue/search/**/*.ts'],
    tests: [
      'src/features/catalogue/search',
      'src/features/catalogue/searchFinds',
      'src/features/catalogue/searchSuggestions',
      'src/features/catalogue/searchIndex',
      'src/features/catalogue/searchRank',
      'src/features/catalogue/searchParity',
      'src/features/catalogue/searchLog',
    ],
  },
};
