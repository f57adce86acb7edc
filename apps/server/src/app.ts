import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type TConfig } from './config.js';
import type { TDatabase, TListen } from './platform/db.js';
import { createIdentityLoader } from './platform/identity.js';
import { createTotals } from './platform/totals.js';
import { registerIdempotency } from './platform/idempotency/keys.js';
import { registerAuthentication, type TRouteAccess } from './platform/auth.js';
import { registerErrorHandling } from './platform/errors.js';
import { registerUntrustedInput } from './platform/untrusted-input.js';
import type { TModuleContext } from './platform/http.js';
import { registerOpenApi } from './platform/openapi.js';
import { createTokenService } from './platform/tokens.js';
import { createMailTransport } from './platform/mail.js';
import { createJobQueue, type TJobQueue } from './platform/jobs/queue.js';
import type { TServerModule } from './platform/module.js';
import { idempotencyManifest } from './platform/idempotency/purge.js';
import { findModules } from './platform/modules-found.js';
import { healthManifest } from './platform/health.js';
import { rateLimitManifest } from './platform/rate-limit/manifest.js';
import { registerWebApp } from './platform/web.js';
import { registerEtags } from './platform/etag.js';
import { registerCompression, registerSecurityHeaders } from './platform/headers.js';
import { registerMultipart } from './platform/multipart.js';

export interface TAppDeps {
  config: TConfig;
  db: TDatabase;
  /** The database's NOTIFY subscription (lets the server keep identities between requests). */
  listen?: TListen;
  /** Serve the built web app (main.ts does; API tests don't need it). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Tests add manifests of their own (job types, schedules, routes) after the product's. */
  modules?: TServerModule[];
  /** Tests add routes of their own before the app is ready. */
  extend?: (app: FastifyInstance, ctx: TModuleContext) => void | Promise<void>;
}

/** Every registered route, for the tenant-isolation test and the docs check. */
export interface TRouteRecord {
  method: string;
  url: string;
  access: TRouteAccess | undefined;
  schema: { body?: unknown; params?: unknown; querystring?: unknown } | undefined;
  /** The call it was registered from (platform/route.ts), and how a keyed write stores its answer (platform/idempotency). */
  call?: string;
  idempotency?: 'in-handler' | 'in-transaction';
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: TRouteRecord[];
    jobs: TJobQueue;
  }
}

/**
 * Every domain's manifest: each modules/<domain>/module.ts, found by folder (in folder order), then
 * the platform's own. A new domain is its folder and nothing else (decision 0076, docs/new-domain.md).
 */
export const serverModules: TServerModule[] = [...(await findModules()), idempotencyManifest, rateLimitManifest, healthManifest];

export async function buildApp(deps: TAppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    // Only configured proxies may set the client address (the sign-in limit counts per address).
    trustProxy: fastifyTrustProxy(deps.config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Registering every module's routes (zod schemas, OpenAPI) took more than Fastify's default 10 s
    // on a saturated 2-core machine: a slow start is not a hung plugin.
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerUntrustedInput(app);
  registerSecurityHeaders(app);
  const routeTable: TRouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || route.url.startsWith('/docs')) return;
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        access: (route.config as { access?: TRouteAccess } | undefined)?.access,
        schema: route.schema as TRouteRecord['schema'],
        call: route.config?.call,
        idempotency: route.config?.idempotency,
      });
    }
  });

  const mail = createMailTransport({ smtpUrl: deps.config.SMTP_URL, from: deps.config.MAIL_FROM, dataDir: deps.config.DATA_DIR });
  const totals = createTotals(deps.listen);
  const ctx: TModuleContext = { db: deps.db, config: deps.config, tokens: createTokenService(deps.config.jwtSecret), mail, totals };
  const modules = [...serverModules, ...(deps.modules ?? [])];
  // The workers are started by main.ts; tests run due jobs with app.jobs.runDue().
  const queue = createJobQueue(deps.db, { pollMs: deps.config.JOB_POLL_MS, log: (msg, err) => app.log.warn({ err }, msg) });
  await queue.prepare(
    modules.flatMap((m) => m.jobs ?? []),
    modules.flatMap((m) => m.schedules ?? []),
    ctx,
  );
  app.decorate('jobs', queue);
  app.addHook('onClose', () => queue.close());
  await registerOpenApi(app);
  const identities = createIdentityLoader(deps.db, deps.listen);
  app.addHook('onClose', () => identities.close());
  app.addHook('onClose', () => totals.close());
  registerAuthentication(app, identities, ctx.tokens);
  registerIdempotency(app, deps.db);
  registerEtags(app);
  await registerMultipart(app, deps.config);
  // After the idempotency layer's onSend (it stores the plain body), before the routes.
  await registerCompression(app);
  for (const [prefix, plugin] of modules.flatMap((m) => m.routes)) await app.register((scope) => plugin(scope, ctx), { prefix });
  if (deps.extend) await deps.extend(app, ctx);
  await registerWebApp(app, deps.serveWeb ? deps.config.WEB_DIST : null);
  return app;
}
