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
      { extends: true, test: { name: 'server', include: ['apps/server/src/**/*.test.ts'], globalSetup: ['apps/server/src/test/global-setup.ts'] } },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
    ],
  },
});
