import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { TConfig } from './config.js';
import type { TDatabase, TListen } from './platform/db.js';
import { createIdentityLoader } from './platform/identity.js';
import { registerIdempotency } from './platform/idempotency/keys.js';
import { registerAuthentication, type TRouteAccess } from './platform/auth.js';
import { registerErrorHandling } from './platform/errors.js';
import type { TModuleContext } from './platform/http.js';
import { registerOpenApi } from './platform/openapi.js';
import { createTokenService } from './platform/tokens.js';
import { createMailTransport } from './platform/mail.js';
import { createJobQueue, type TJobQueue } from './modules/jobs/queue.js';
import { emailRoutes, SEND_EMAIL_JOB, sendEmailJob } from './modules/notifications/email.js';
import { registerWebApp } from './platform/web.js';
import { registerCompression, registerSecurityHeaders } from './platform/headers.js';
import { authRoutes } from './modules/auth/routes.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { permissionsRoutes, rolesRoutes } from './modules/roles/routes.js';
import { publicSpacesRoutes, spacesRoutes } from './modules/spaces/routes.js';
import { tracesRoutes } from './modules/traces/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { categoriesRoutes } from './modules/categories/routes.js';
import { geographyRoutes } from './modules/geography/routes.js';
import * as nomenclatures from './modules/nomenclatures/routes.js';
import { servicesRoutes, spaceServicesRoutes } from './modules/services/routes.js';
import { structuresRoutes } from './modules/structures/routes.js';
import { areasRoutes, establishmentsRoutes } from './modules/structures/routes-sub.js';
import { templatesRoutes } from './modules/templates/routes.js';
import { ieSectionsRoutes } from './modules/templates/routes-ie.js';
import { sectionsRoutes } from './modules/templates/routes-sections.js';
import { auditsModule } from './modules/audits/routes.js';
import { filesRoutes } from './modules/files/routes.js';
import { registerMultipart } from './modules/files/upload.js';
import { reportsRoutes } from './modules/reports/routes.js';
import { renderPdfJob } from './modules/reports/pdf-job.js';
import { RENDER_PDF_JOB } from './modules/reports/service.js';

export interface TAppDeps {
  config: TConfig;
  db: TDatabase;
  /** The database's NOTIFY subscription (lets the server keep identities between requests). */
  listen?: TListen;
  /** Serve the built web app (main.ts does; API tests don't need it). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Tests add routes of their own before the app is ready. */
  extend?: (app: FastifyInstance, ctx: TModuleContext) => void | Promise<void>;
}

/** Every registered route, for the tenant-isolation test and the docs check. */
export interface TRouteRecord {
  method: string;
  url: string;
  access: TRouteAccess | undefined;
  schema: { body?: unknown; params?: unknown; querystring?: unknown } | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: TRouteRecord[];
    jobs: TJobQueue;
  }
}

export const CORE = '/ms-core/api';
export const AUTH = '/auth/api';

/** One module: a Fastify plugin mounted under its base path. A new domain is one more line here. */
const modules: [string, (app: FastifyInstance, ctx: TModuleContext) => Promise<void>][] = [
  [AUTH, authRoutes],
  [`${AUTH}/spaces`, publicSpacesRoutes],
  [`${CORE}/spaces`, spacesRoutes],
  [`${CORE}/users`, usersRoutes],
  [`${CORE}/roles`, rolesRoutes],
  [`${CORE}/permissions`, (app) => permissionsRoutes(app)],
  [`${CORE}/traces`, tracesRoutes],
  [`${CORE}/notifications`, notificationsRoutes],
  [`${CORE}/notifications`, emailRoutes],
  [`${CORE}/structures`, structuresRoutes],
  [`${CORE}/establishments`, establishmentsRoutes],
  [`${CORE}/areas`, areasRoutes],
  [`${CORE}/spaces`, spaceServicesRoutes],
  [`${CORE}/services`, servicesRoutes],
  [`${CORE}/typeareas`, nomenclatures.areaTypesRoutes],
  [`${CORE}/paymenttypes`, nomenclatures.paymentTypesRoutes],
  [`${CORE}/activities`, nomenclatures.activitiesRoutes],
  [`${CORE}/enterprise`, nomenclatures.companiesRoutes],
  [`${CORE}/socialreasons`, nomenclatures.socialReasonsRoutes],
  [`${CORE}/service-categories`, nomenclatures.serviceCategoriesRoutes],
  [`${CORE}/employee-profiles`, nomenclatures.employeeProfilesRoutes],
  [`${CORE}/employee-types`, nomenclatures.employeeTypesRoutes],
  [`${CORE}/billing-methods`, nomenclatures.billingMethodsRoutes],
  [`${CORE}/categories`, categoriesRoutes],
  [`${CORE}/audit-templates`, templatesRoutes],
  [`${CORE}/sections`, sectionsRoutes],
  [`${CORE}/ie-sections`, ieSectionsRoutes],
  /** /audits and /questionnaire-ies. */
  [CORE, auditsModule],
  [`${CORE}/files`, filesRoutes],
  [`${CORE}/reports`, reportsRoutes],
  /** /countries, /states and /cities (global reference data, loaded at start). */
  [CORE, geographyRoutes],
];

export async function buildApp(deps: TAppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  const routeTable: TRouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || route.url.startsWith('/docs')) return;
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, access: (route.config as { access?: TRouteAccess } | undefined)?.access, schema: route.schema as TRouteRecord['schema'] });
    }
  });

  const mail = createMailTransport({ smtpUrl: deps.config.SMTP_URL, from: deps.config.MAIL_FROM, dataDir: deps.config.DATA_DIR });
  const ctx: TModuleContext = { db: deps.db, config: deps.config, tokens: createTokenService(deps.config.jwtSecret), mail };
  // The worker is started by main.ts; tests run due jobs with app.jobs.runDue().
  const queue = createJobQueue(deps.db, { [SEND_EMAIL_JOB]: sendEmailJob(ctx), [RENDER_PDF_JOB]: renderPdfJob(ctx) }, { pollMs: deps.config.JOB_POLL_MS, log: (msg, err) => app.log.warn({ err }, msg) });
  app.decorate('jobs', queue);
  app.addHook('onClose', () => queue.stop());
  await registerOpenApi(app);
  const identities = createIdentityLoader(deps.db, deps.listen);
  app.addHook('onClose', () => identities.close());
  registerAuthentication(app, identities, ctx.tokens);
  registerIdempotency(app, deps.db);
  await registerMultipart(app, deps.config);
  // After the idempotency layer's onSend (it stores the plain body), before the routes.
  await registerCompression(app);
  for (const [prefix, plugin] of modules) await app.register((scope) => plugin(scope, ctx), { prefix });
  if (deps.extend) await deps.extend(app, ctx);
  await registerWebApp(app, deps.serveWeb ? deps.config.WEB_DIST : null);
  return app;
}
