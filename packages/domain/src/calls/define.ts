import type { z } from 'zod';
import type { TErrorCode } from '../errors.js';

/**
 * One call of the API, written once (issue 24, decision 0070): the server registers its route
 * from it (apps/server/src/platform/route.ts), the web sends it (apps/web/src/api/send.ts), the
 * offline queue stores its name. Renaming a path here moves all three; a route the server
 * registers without a contract fails platform/contracts.test.ts.
 */
export type THttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type TSchema = z.ZodType;

export interface TCall {
  /** Unique, `<domain>.<action>`: the name the offline queue stores and the tests report. */
  name: string;
  method: THttpMethod;
  /** The wire path of the calls document, with `:param` segments (`/ms-core/api/audits/:id`). */
  path: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The success body; absent, the call answers without one (`status` 204). */
  response?: TSchema;
  /** 200 unless said (201 for a create that says so, 204 for no body). */
  status?: 200 | 201 | 204;
  /** A paged list: the body is the page's array, the total is in x-total-count. */
  page?: true;
  /** The body is a file (PDF, workbook, CSV, image): the web reads it as a blob, not JSON. */
  file?: true;
  /** The catalogue errors this call may answer beyond the general ones (for the reader and OpenAPI). */
  errors?: readonly TErrorCode[];
}

/** Keeps the literal types of a call (its schemas' types flow to the server's handler and the web). */
export const defineCall = <const C extends TCall>(call: C): C => call;

/** The base paths of the three APIs of the calls document. */
export const CORE = '/ms-core/api';
export const AUTH = '/auth/api';
export const REGISTRY = '/ms-registry/api';
export const STATISTICS = '/ms-statistics/api';

type TInfer<S> = S extends z.ZodType ? z.input<S> : undefined;
type TOut<S> = S extends z.ZodType ? z.output<S> : undefined;
/** What the web passes for a call: its path parameters, query and body, as the schemas take them. */
export type TCallParams<C extends TCall> = TInfer<C['params']>;
export type TCallQuery<C extends TCall> = TInfer<C['query']>;
export type TCallBody<C extends TCall> = TInfer<C['body']>;
/** What the web gets back: the parsed response (an array for a page). */
export type TCallResponse<C extends TCall> = C['response'] extends z.ZodType ? z.output<C['response']> : void;
/** What the server's handler returns: the response's input (the serializer checks and strips it). */
export type THandlerResult<C extends TCall> = C['response'] extends z.ZodType ? z.input<C['response']> : unknown;
export type TParsedParams<C extends TCall> = TOut<C['params']>;

const PARAM = /:([A-Za-z0-9_]+)/g;

/** The call's path with its parameters put in (each URI-encoded); a missing one is a programming error. */
export function callPath(call: Pick<TCall, 'path' | 'name'>, params?: Record<string, unknown>): string {
  return call.path.replace(PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${call.name}: path parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The names of a path's parameters, in order (`/a/:id/b/:bId` → id, bId). */
export const pathParams = (path: string) => [...path.matchAll(PARAM)].map((m) => m[1]!);
