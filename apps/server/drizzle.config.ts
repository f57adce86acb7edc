import { defineConfig } from 'drizzle-kit';

// Migrations are generated from every module's tables.ts (and the platform's own, e.g. idempotency keys) and committed; main.ts applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/modules/*/tables.ts', './apps/server/src/platform/*/tables.ts'],
  out: './apps/server/src/db/migrations',
});
