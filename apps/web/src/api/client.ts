import type { TSearchBody } from '@audit/domain/search';
import { getAccessToken } from '../session/storage';
import { ApiError, networkError, parseErrorResponse } from './errors';
import { refreshSession } from './refresh';

/**
 * The one HTTP client. Relative URLs; every call carries client-date, x-language and (unless
 * `anonymous`) the bearer token. A 401 triggers one shared refresh and one retry; when the
 * server refuses the refresh the session-expired handler (set by the app) logs the user out; when
 * the refresh cannot reach the server the call fails with a network error and the session stays.
 */
export interface TRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sign-in, refresh: no bearer token, and a 401 is an answer, not an expired session. */
  anonymous?: boolean;
  /** Use this bearer token instead of the stored one (e.g. the structure selection at sign-in). */
  token?: string;
  signal?: AbortSignal;
  /** Extra headers (e.g. Idempotency-Key on the run view's writes). */
  headers?: Record<string, string>;
}

let languageOf: () => string = () => 'es';
let onSessionExpired: () => void = () => undefined;

export function configureClient(options: { language: () => string; sessionExpired: () => void }) {
  languageOf = options.language;
  onSessionExpired = options.sessionExpired;
}

function buildUrl(path: string, query?: TRequestOptions['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function send(path: string, options: TRequestOptions, token: string | null): Promise<Response> {
  // A download asks for its own type (accept); client-date and the language are always ours.
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...options.headers,
    'client-date': new Date().toISOString(),
    'x-language': languageOf(),
  };
  // Multipart bodies (uploads) go as they are: the browser sets the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw networkError();
  }
}

async function sendWithSession(path: string, options: TRequestOptions): Promise<Response> {
  if (options.anonymous) return send(path, options, null);
  if (options.token) return send(path, options, options.token);
  const used = getAccessToken();
  const response = await send(path, options, used);
  if (response.status !== 401) return response;
  // Another tab or caller may already hold a newer token; otherwise rotate once. A refresh that
  // could not reach the server throws its network error from here: no verdict, no sign-out.
  const renewed = getAccessToken() !== used || (await refreshSession());
  if (renewed) {
    const retried = await send(path, options, getAccessToken());
    if (retried.status !== 401) return retried;
  }
  onSessionExpired();
  throw await parseErrorResponse(response);
}

/** A GET the page's entry already started for this address and session (early.ts, not imported: it is the entry's): its answer, when it succeeded. */
async function earlyAnswer(path: string, options: TRequestOptions): Promise<Response | null> {
  if ((options.method ?? 'GET') !== 'GET' || options.body !== undefined) return null;
  const token = options.anonymous ? null : (options.token ?? getAccessToken());
  return (await globalThis.auditEarly?.take(buildUrl(path, options.query), token)) ?? null;
}

export interface TResponse<T> {
  data: T;
  headers: Headers;
}

/** The successful response itself, unread (a file download reads it as a blob); errors as for request. */
export async function requestResponse(path: string, options: TRequestOptions = {}): Promise<Response> {
  const response = (await earlyAnswer(path, options)) ?? (await sendWithSession(path, options));
  if (!response.ok) throw await parseErrorResponse(response);
  return response;
}

/** The answer as JSON, not yet checked: `send` parses it by its call's response schema (send.ts), the queue by the queued call's. */
export async function requestWithHeaders(path: string, options: TRequestOptions = {}): Promise<TResponse<unknown>> {
  const response = await requestResponse(path, options);
  const text = response.status === 204 ? '' : await response.text();
  return { data: text ? JSON.parse(text) : null, headers: response.headers };
}

export async function request(path: string, options: TRequestOptions = {}): Promise<unknown> {
  return (await requestWithHeaders(path, options)).data;
}

export interface TPage<T> {
  items: T[];
  total: number;
}

export type TSearchRequest = Partial<Pick<TSearchBody, 'size' | 'page' | 'search' | 'sort' | 'projections'>> & { filters?: TSearchBody['filters'] };

export { ApiError };
