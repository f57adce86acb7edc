import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { TCall, THandlerResult } from '@audit/domain/calls/define';
import type { z } from 'zod';
import { typed } from './http.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The name of the call (packages/domain/src/calls) the route was registered from. */
    call?: string;
  }
}

type TOut<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request as the call's schemas parsed it. */
export type TCallRequest<C extends TCall> = FastifyRequest & { params: TOut<C['params']>; query: TOut<C['query']>; body: TOut<C['body']> };

export interface TRouteOptions<C extends TCall> {
  /** Access (`requires(...)`), identityNeutral, idempotency, rate limits: what the server decides, not the wire. */
  config: FastifyContextConfig;
  tags: string[];
  summary: string;
  description?: string;
  /** More of the OpenAPI schema than the call holds (multipart `consumes`, headers). */
  schema?: Partial<FastifySchema> & Record<string, unknown>;
  handler: (request: TCallRequest<C>, reply: FastifyReply) => Promise<THandlerResult<C> | FastifyReply | void> | THandlerResult<C> | FastifyReply | void;
}

/**
 * Registers one call of the API inside a module's plugin (mounted under its base path): the
 * method, the path, and the request and response schemas come from the call; the route keeps
 * only what is the server's own (access, summary, handler).
 */
export function route<C extends TCall>(app: FastifyInstance, call: C, options: TRouteOptions<C>) {
  const prefix = app.prefix ?? '';
  if (!call.path.startsWith(prefix)) throw new Error(`${call.name}: ${call.path} is not under the plugin's base path ${prefix}`);
  const url = call.path.slice(prefix.length) || '/';
  const status = call.status ?? (call.response ? 200 : 204);
  // Stored with the key: a JSON response, or none (204). A file's bytes are never stored as a key's answer.
  if (options.config.idempotency === 'in-transaction' && (call.file || (!call.response && status !== 204)))
    throw new Error(`${call.name}: 'in-transaction' needs a JSON response or none (204) to store`);
  const schema: FastifySchema & Record<string, unknown> = {
    // The call's name is the OpenAPI operation id: the document names each call as the code does.
    operationId: call.name,
    tags: options.tags,
    summary: options.summary,
    ...(options.description ? { description: options.description } : {}),
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    ...(call.response && !call.file ? { response: { [status]: call.response } } : {}),
    ...options.schema,
  };
  typed(app).route({
    method: call.method,
    url,
    config: {
      ...options.config,
      call: call.name,
      // The handler's one scoped transaction stores its response with the key (platform/idempotency).
      ...(options.config.idempotency === 'in-transaction' ? { keyedResponse: { status, schema: call.response as z.ZodType | undefined } } : {}),
    },
    schema,
    handler: options.handler as never,
  });
}
