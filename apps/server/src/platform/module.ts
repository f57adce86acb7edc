import type { FastifyInstance } from 'fastify';
import type { TModuleContext } from './http.js';
import type { TJobDefinition, TSchedule } from './jobs/define.js';

/** Base paths of the two APIs the web app calls. */
export const CORE = '/ms-core/api';
export const AUTH = '/auth/api';

export type TRoutePlugin = (app: FastifyInstance, ctx: TModuleContext) => Promise<void> | void;

/**
 * What a domain brings to the server, declared once in `modules/<domain>/module.ts`: its routes
 * (each a Fastify plugin mounted under a base path), its job types and its schedules. app.ts lists
 * the manifests; a new domain is one folder and one line there.
 */
export interface TServerModule {
  name: string;
  routes: [basePath: string, plugin: TRoutePlugin][];
  jobs?: TJobDefinition[];
  schedules?: TSchedule[];
}

export const defineModule = (module: TServerModule): TServerModule => module;
