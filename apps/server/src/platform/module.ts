import type { FastifyInstance } from 'fastify';
import type { TModuleContext } from './http.js';
import type { TJobDefinition, TSchedule } from './jobs/define.js';
import type { TTableDeclaration } from './row-security.js';

/** Base paths of the two APIs the web app calls. */
export const CORE = '/ms-core/api';
export const AUTH = '/auth/api';

export type TRoutePlugin = (app: FastifyInstance, ctx: TModuleContext) => Promise<void> | void;

/**
 * What a domain brings to the server, declared once in `modules/<domain>/module.ts`: its routes
 * (each a Fastify plugin mounted under a base path), its job types, its schedules and its tables with
 * their row security. app.ts finds every modules/<domain>/module.ts by folder: a new domain is its
 * folder and nothing else (decision 0076, docs/new-domain.md).
 */
export interface TServerModule {
  name: string;
  routes: [basePath: string, plugin: TRoutePlugin][];
  jobs?: TJobDefinition[];
  schedules?: TSchedule[];
  /** Every table the module owns (its tables.ts) and how its rows are kept apart: `declareTables`. */
  tables?: TTableDeclaration[];
}

export const defineModule = (module: TServerModule): TServerModule => module;
