import { TOTAL_COUNT_HEADER } from '@audit/domain/constants';
import { callPath, type TCall, type TCallBody, type TCallParams, type TCallQuery, type TCallResponse } from '@audit/domain/calls/define';
import { requestResponse, type TRequestOptions, type TSearchRequest, type TPage } from './client';
import { ApiError } from './errors';

/**
 * The web's way to call the API (issue 24, decision 0070): a call of packages/domain/src/calls,
 * its parameters and body typed from the call's schemas, and its answer parsed by the call's
 * response schema (no `as T`). The URL is the call's; a path string in a feature is a lint error.
 */
type TWhen<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : undefined extends V ? { [P in K]?: V } : { [P in K]: V };
export type TSendInput<C extends TCall> = TWhen<'params', TCallParams<C>> &
  TWhen<'query', TCallQuery<C>> &
  TWhen<'body', TCallBody<C> | FormData> &
  Pick<TRequestOptions, 'signal' | 'headers' | 'anonymous' | 'token'>;
/** A call's path parameters and JSON body, each required when the call's schema requires it (the offline queue's commands). */
export type TParamsAndBody<C extends TCall> = TWhen<'params', TCallParams<C>> & TWhen<'body', TCallBody<C>>;

// The input may be left out when nothing in it is required.
type TArgs<C extends TCall> = Record<never, never> extends TSendInput<C> ? [input?: TSendInput<C>] : [input: TSendInput<C>];

/** The URL of a call with its parameters (for a link, an image source, or the offline queue). */
export const urlOf = <C extends TCall>(call: C, params?: TCallParams<C>) => callPath(call, params as Record<string, unknown> | undefined);

function options<C extends TCall>(call: C, input: Partial<TSendInput<C>> | undefined): [string, TRequestOptions] {
  const { params, query, body, ...rest } = (input ?? {}) as { params?: Record<string, unknown>; query?: TRequestOptions['query']; body?: unknown };
  return [callPath(call, params), { ...rest, method: call.method, query, body }];
}

/** The answer checked against the call's response schema; one that does not match is an error (INTERNALERROR, status 0). */
export function parseAnswer<C extends TCall>(call: C, data: unknown): TCallResponse<C> {
  if (!call.response) return undefined as TCallResponse<C>;
  const parsed = call.response.safeParse(data);
  if (parsed.success) return parsed.data as TCallResponse<C>;
  // The server answers through the same schema, so this is a server and web out of step (an old
  // tab after a deploy): say so instead of rendering half a value.
  console.error(`${call.name}: the answer does not match its contract`, parsed.error.issues.slice(0, 5));
  throw new ApiError(0, 'INTERNALERROR', '0', 'Invalid response');
}

async function sendJson<C extends TCall>(call: C, input: Partial<TSendInput<C>> | undefined): Promise<{ json: unknown; headers: Headers }> {
  const response = await requestResponse(...options(call, input));
  const text = response.status === 204 ? '' : await response.text();
  return { json: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** The call's answer and its headers. */
export async function sendWithHeaders<C extends TCall>(call: C, ...[input]: TArgs<C>): Promise<{ data: TCallResponse<C>; headers: Headers }> {
  const { json, headers } = await sendJson(call, input);
  return { data: parseAnswer(call, json), headers };
}

/**
 * The call's answer as the server sent it, not yet checked (parseAnswer): the offline queue first
 * tells a server it could not reach from a refusal, and only then checks what a reached server said.
 */
export async function sendUnchecked<C extends TCall>(call: C, ...[input]: TArgs<C>): Promise<unknown> {
  return (await sendJson(call, input)).json;
}

/** Sends a call and answers its parsed response. */
export async function send<C extends TCall>(call: C, ...args: TArgs<C>): Promise<TCallResponse<C>> {
  return (await sendWithHeaders(call, ...args)).data;
}

type TItem<C extends TCall> = TCallResponse<C> extends readonly (infer I)[] ? I : never;

/** A paged search call: POST {size, page, search, sort, filters, projections}; total from x-total-count. */
export async function sendPage<C extends TCall & { page: true }>(
  call: C,
  search: TSearchRequest,
  input?: Omit<TSendInput<C>, 'body'>,
): Promise<TPage<TItem<C>>> {
  const body = { size: 10, page: 0, filters: [], ...search, search: search.search?.trim() || undefined };
  // TArgs<C> is a conditional type TypeScript cannot resolve for a generic C; every page call takes this search body.
  const { data, headers } = await sendWithHeaders(call, ...([{ ...input, body }] as unknown as TArgs<C>));
  const items = (Array.isArray(data) ? data : []) as TItem<C>[];
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? items.length);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

/** A file call's response, unread (the caller reads it as a blob). */
export async function sendForFile<C extends TCall & { file: true }>(call: C, ...[input]: TArgs<C>): Promise<Response> {
  const [url, request] = options(call, input);
  return requestResponse(url, { ...request, headers: { accept: '*/*', ...request.headers } });
}
