import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@audit/domain/search';
import type { TConfig } from '../config.js';
import type { TDatabase, TTransaction } from './db.js';
import type { TAuth } from './auth.js';
import { claimKey, storeResultIn } from './idempotency/keys.js';
import { withScope } from './tenancy.js';
import type { TTokenService } from './tokens.js';
import type { TMailTransport } from './mail.js';
import type { TTotals } from './totals.js';

/** What every module's routes receive. */
export interface TModuleContext {
  db: TDatabase;
  config: TConfig;
  tokens: TTokenService;
  mail: TMailTransport;
  /** The lists' totals kept between requests (platform/totals.ts); absent, every page counts. */
  totals?: TTotals;
}

export type TApp = FastifyInstance & { withTypeProvider: FastifyInstance['withTypeProvider'] };
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/**
 * Runs work in the request's tenant scope (RLS on). A write carrying an Idempotency-Key records
 * it in this same transaction (platform/idempotency), so the key exists exactly when the write does;
 * on a route with `idempotency: 'in-transaction'` the result is stored there too as the key's response.
 */
export const scoped = async <T>(ctx: TModuleContext, auth: TAuth, work: (tx: TTransaction) => Promise<T>) => {
  const result = await withScope(ctx.db, auth, async (tx) => {
    if (!auth.idempotency) return work(tx);
    await claimKey(tx, auth);
    const done = await work(tx);
    await storeResultIn(tx, auth, done);
    return done;
  });
  if (KILL_AFTER_COMMIT && auth.idempotency?.claimed) process.kill(process.pid, 'SIGKILL');
  return result;
};

/**
 * Runs a check in the request's tenant scope without recording its Idempotency-Key: for a read made
 * before the write's own `scoped` call (an upload checks its question before the image is
 * processed), so the key is recorded, and on 'in-transaction' routes answered, only with the write.
 */
export const scopedCheck = <T>(ctx: TModuleContext, auth: TAuth, work: (tx: TTransaction) => Promise<T>) => withScope(ctx.db, auth, work);

/**
 * A failpoint only tests set (platform/idempotency/crash.postgres.test.ts): the process dies the moment a
 * keyed write has committed, before anything else happens, as a crash or a power cut would.
 */
const KILL_AFTER_COMMIT = process.env.AUDIT_TEST_FAILPOINT === 'kill-after-commit';

/** Sends a page: the array body and the total in x-total-count. */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }) {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}

/** A download's Content-Disposition: the ASCII name for old clients, the exact UTF-8 name for the others (RFC 6266). */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const ZId = z.string().uuid();
export const ZIdParams = z.object({ id: ZId });
export const ZOk = z.object({ ok: z.literal(true) });
export const iso = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString());
