import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsApplied } from './db.js';
import { defineModule } from './module.js';
import { typed } from './http.js';
import { RETRY_AFTER_SECONDS } from './database-lost.js';

/**
 * What a load balancer or an orchestrator asks (docs/operations.md):
 *  - GET /health: the process is up and answering (liveness; no database involved, so a database
 *    outage never gets healthy servers restarted);
 *  - GET /ready: this server can serve: the database answers, every migration it knows is applied,
 *    and its job workers are running. 503 with the failing part otherwise.
 * Public and outside the API's bases: no token, no tenant, nothing of anybody's data.
 */
const CHECK_TIMEOUT_MS = 3000;
const PUBLIC = { access: { public: true as const } };
const ZCheck = z.enum(['ok', 'failing']);
const ZReady = z.object({ status: ZCheck, database: ZCheck, migrations: ZCheck, jobs: ZCheck });

const withinTimeout = <T>(work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref())]);

export const healthManifest = defineModule({
  name: 'health',
  routes: [
    [
      '',
      (app, ctx) => {
        typed(app).get(
          '/health',
          {
            config: PUBLIC,
            schema: { tags: ['operations'], summary: 'The process is up (liveness)', response: { 200: z.object({ status: z.literal('ok') }) } },
          },
          async () => ({ status: 'ok' as const }),
        );
        typed(app).get(
          '/ready',
          {
            config: PUBLIC,
            schema: {
              tags: ['operations'],
              summary: 'The server can serve: database reachable, migrations applied, job workers running (readiness)',
              response: { 200: ZReady, 503: ZReady },
            },
          },
          async (_request, reply) => {
            const database = await withinTimeout(ctx.db.execute(sql`select 1`)).then(
              () => 'ok' as const,
              () => 'failing' as const,
            );
            const migrations =
              database === 'ok'
                ? await withinTimeout(migrationsApplied(ctx.db)).then(
                    ({ known, applied }) => (applied >= known ? ('ok' as const) : ('failing' as const)),
                    () => 'failing' as const,
                  )
                : ('failing' as const);
            const jobs = app.jobs.isRunning() ? ('ok' as const) : ('failing' as const);
            const status = database === 'ok' && migrations === 'ok' && jobs === 'ok' ? ('ok' as const) : ('failing' as const);
            if (status !== 'ok') reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
            return { status, database, migrations, jobs };
          },
        );
      },
    ],
  ],
});
