import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import type { TDatabase, TTransaction } from '../db.js';
import { AppError, invalidData } from '../errors.js';
import { idempotencyKeys } from './tables.js';
import { isDatabaseLost } from '../database-lost.js';

const STORE_RETRY_MS = 500;
const STORE_GIVE_UP_MS = 10 * 60_000;

/** Tries a response store again until the database answers (at most ten minutes). */
function storeLater(store: () => Promise<unknown>, since = Date.now()) {
  setTimeout(() => {
    store().catch((error: unknown) => {
      if (isDatabaseLost(error) && Date.now() - since < STORE_GIVE_UP_MS) storeLater(store, since);
      else console.warn(`idempotency: a response could not be stored: ${(error as Error).message}`);
    });
  }, STORE_RETRY_MS).unref();
}

/**
 * Writes carrying `Idempotency-Key` happen once per user and key (docs/decisions/0012):
 *  - before the handler, a key already recorded for this user answers with the first response
 *    (same status and body, header `idempotency-replayed: true`);
 *  - the key is recorded inside the write's own scoped transaction (claimKey, called by
 *    platform/http.ts `scoped`), so it exists exactly when the write does; a concurrent twin
 *    waits on the key's unique index and then gets 409 IDEM0001 (retry later);
 *  - the response is stored with the key, in that same transaction, on every write the web sends
 *    keyed (its offline queue and online writes: @audit/domain/calls/keyed): the key, the effect and
 *    the response commit together, so no crash can leave a key without its answer (decisions 0090,
 *    0093). A route says so with `idempotency: 'in-transaction'` (its handler answers with the
 *    result of its one keyed `scoped` call, or with no body; a check before that call runs in
 *    `scopedCheck`, which records no key) or 'in-handler' (below);
 *    platform/idempotency/atomic.test.ts checks each of those calls has one of them;
 *  - any other keyed write stores its response right after the handler (onSend), after the commit:
 *    a crash in between leaves its key answering 409 until the purge. No client of ours sends those.
 * Only writes that go through `scoped` are covered; others simply run again.
 * A route with `idempotency: 'in-handler'` in its config (the answer, decision 0027) looks the key
 * up itself: its one SQL statement reads, claims and stores the key with the write; when it cannot
 * take that path it calls `replayStored` and then goes through `scoped` as any other write.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotency-replayed';
export const KEY_LIFETIME_DAYS = 7;
const MAX_KEY_LENGTH = 100;

export interface TIdempotency {
  key: string;
  method: string;
  url: string;
  claimed: boolean;
  /** Not looked up yet: the route's handler does it (config `idempotency: 'in-handler'`). */
  deferred?: boolean;
  /** The route answers with its one scoped transaction's result: stored in that transaction (`storeResultIn`). */
  respond?: TKeyedResponse;
  /** The response is stored with the key, in the write's transaction: nothing is left for onSend. */
  stored?: boolean;
}

/** How a route with `idempotency: 'in-transaction'` answers: its status and response schema (from its call; none: no body, 204). */
export interface TKeyedResponse {
  status: number;
  schema?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'in-handler': the handler looks the key up itself (replayStored or its own statement), not the
     * preHandler. 'in-transaction': the handler answers with the result of its one `scoped` call,
     * which stores it as the key's response inside the write's transaction (decision 0090).
     */
    idempotency?: 'in-handler' | 'in-transaction';
    /** Filled by platform/route.ts from the call, for 'in-transaction'. */
    keyedResponse?: TKeyedResponse;
  }
}

/** A stored response, as idempotency_keys holds it. */
export interface TStoredResponse {
  method: string;
  url: string;
  status: number | null;
  contentType: string | null;
  body: string | null;
}

export const inProgress = () => new AppError('requestInProgress');

/** Records the request's key in the write's transaction (once per request). */
export async function claimKey(tx: TTransaction, auth: { userId: string | null; idempotency?: TIdempotency }) {
  const { userId, idempotency } = auth;
  if (!idempotency || idempotency.claimed || !userId) return;
  // A twin still running holds the key's index entry: this insert waits for it, then finds it taken.
  const taken = await tx
    .insert(idempotencyKeys)
    .values({ userId, key: idempotency.key, method: idempotency.method, url: idempotency.url })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  // Claimed only when this request recorded the key: the twin that found it taken must not store its
  // 409 as the key's response (its onSend could run before the writer's and win).
  if (!taken.length) throw inProgress();
  idempotency.claimed = true;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Stores a claimed key's response inside the write's own transaction (the key, the effect and the
 * response commit together: no crash can leave the key without its answer). The caller then sends
 * exactly `body`. For writes whose response is known before their transaction ends (the answer).
 */
export async function storeResponseIn(tx: TTransaction, auth: { userId: string | null; idempotency?: TIdempotency }, status: number, body: string | null) {
  const { userId, idempotency } = auth;
  if (!idempotency?.claimed || !userId) return;
  await tx
    .update(idempotencyKeys)
    .set({ status, body, contentType: body === null ? null : JSON_CONTENT_TYPE })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotency.key)));
  // Only once the transaction commits is it the key's answer; if it rolls back, no key is left to answer for.
  idempotency.stored = true;
}

/**
 * For a route with `idempotency: 'in-transaction'`: stores the transaction's result as the key's
 * response, encoded and written as the response serializer does (fastify-type-provider-zod: encode,
 * then JSON.stringify), so a replay is byte for byte what the first attempt sent; a call without a
 * response body (204: removals) stores its status alone, whatever the transaction returned. Once per
 * request: the first keyed `scoped` call of the request is its write (decision 0093).
 */
export async function storeResultIn(tx: TTransaction, auth: { userId: string | null; idempotency?: TIdempotency }, result: unknown) {
  const respond = auth.idempotency?.respond;
  if (!respond || !auth.idempotency?.claimed) return;
  auth.idempotency.respond = undefined;
  await storeResponseIn(tx, auth, respond.status, respond.schema ? JSON.stringify(respond.schema.encode(result)) : null);
}

function readKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined || request.method === 'GET' || request.method === 'HEAD') return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > MAX_KEY_LENGTH) throw invalidData(['Idempotency-Key']);
  return key;
}

/** Answers with a response stored for the key (marked as replayed); a key used on another call is refused. */
export function sendStored(request: FastifyRequest, reply: FastifyReply, first: TStoredResponse) {
  if (first.method !== request.method || first.url !== request.url) throw invalidData(['Idempotency-Key']);
  // Saved, but its response not stored yet: the first attempt is finishing right now.
  if (first.status === null) throw inProgress();
  reply.header(REPLAYED_HEADER, 'true');
  if (first.contentType) reply.header('content-type', first.contentType);
  return reply.code(first.status).send(first.body ?? undefined);
}

/**
 * The preHandler's look-up: a key already recorded for this user answers with its first response
 * (true: replied); else the key is kept on the request for `scoped` to claim.
 */
export async function replayStored(db: TDatabase, request: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> {
  if (!request.auth) return false;
  // The caller's own rows, by their id: a reviewed read outside the tenant scope.
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.auth.userId), eq(idempotencyKeys.key, key)));
  if (!first) {
    request.auth.idempotency = { key, method: request.method, url: request.url, claimed: false, respond: request.routeOptions.config.keyedResponse };
    return false;
  }
  await sendStored(request, reply, first);
  return true;
}

export function registerIdempotency(app: FastifyInstance, db: TDatabase) {
  // Callback style: most requests carry no key, and an async hook costs each of them a promise.
  app.addHook('preHandler', (request, reply, done) => {
    let key: string | undefined;
    try {
      key = readKey(request);
    } catch (error) {
      return done(error as Error);
    }
    if (!key || !request.auth) return done();
    if (request.routeOptions.config.idempotency === 'in-handler') {
      request.auth.idempotency = { key, method: request.method, url: request.url, claimed: false, deferred: true };
      return done();
    }
    // Replied (the stored response was sent): the request ends here, so `done` is not called.
    replayStored(db, request, reply, key).then((replied) => (replied ? undefined : done()), done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = request.auth?.idempotency;
    // A 5xx is never the answer to remember: the database was lost or the server failed, and the
    // same request must be able to complete when it comes again. A response stored in the write's
    // transaction ('in-transaction', the answer) needs nothing more.
    if (!pending?.claimed || pending.stored || !request.auth || reply.statusCode >= 500) return done(null, payload);
    // A failpoint only tests set (atomic.test.ts): what follows a keyed commit is lost, as in a crash.
    if (process.env.AUDIT_TEST_FAILPOINT === 'lose-after-commit') return done(null, payload);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const contentType = String(reply.getHeader('content-type') ?? '') || null;
    const userId = request.auth.userId;
    // No row when the write's transaction rolled back: then nothing happened and a retry runs again.
    // Stored after the commit (this write's response was not known inside it): if the database is
    // lost meanwhile, the store is tried again in the background until it comes back, so a database
    // restart never leaves the key without its answer while this server lives.
    const store = () =>
      db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, body, contentType })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, pending.key), isNull(idempotencyKeys.status)));
    store().then(
      () => done(null, payload),
      (error: unknown) => {
        if (!isDatabaseLost(error)) return done(error as Error);
        storeLater(store);
        done(null, payload);
      },
    );
  });
}
