import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    // One worker per core: vitest's default (cores - 1) leaves one of CI's two cores idle, since the
    // main process only waits while the files run.
    maxWorkers: availableParallelism(),
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'] } },
      // The server's files start from a database migrated once per run (apps/server/src/test/template.ts).
      // isolate: false: a worker imports the app's module graph once, not once per file (about 2 s of
      // CPU per file, decision 0032). Each file still has its own database and app; server tests use
      // no vi.mock and no module state that outlives their app (the web project, which mocks, stays isolated).
      // *.postgres.test.ts files start and restart a PostgreSQL of their own (test/own-postgres.ts): they
      // run in the PostgreSQL pass only (TEST_DATABASE_URL set), not again in the PGlite passes.
      {
        extends: true,
        test: {
          name: 'server',
          isolate: false,
          include: ['apps/server/src/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? [] : ['apps/server/src/**/*.postgres.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
    ],
  },
});
