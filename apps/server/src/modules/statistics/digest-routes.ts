import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { statisticsCalls as calls } from '@audit/domain/statistics/calls';
import { requireAuth, type TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { statisticsDigests } from './tables.js';

const config = { access: { permissions: ['ANALYTICS:READ' as const] } };
const tags = ['statistics'];

async function read(tx: TDb, caller: TAuth) {
  const [row] = await tx.select().from(statisticsDigests).where(eq(statisticsDigests.userId, caller.userId));
  return { subscribed: !!row, lastMonth: row?.lastMonth ?? null };
}

/** The caller's own digest subscription (decision 0091), in the space of their session. */
export function digestRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, calls.digest, {
    config,
    tags,
    summary: "The caller's monthly digest subscription",
    handler: async (req) => scoped(ctx, requireAuth(req), (tx) => read(tx, requireAuth(req))),
  });
  route(app, calls.setDigest, {
    config,
    tags,
    summary: 'Subscribes the caller to the monthly digest of their dashboard, or not',
    handler: async (req) => {
      const caller = requireAuth(req);
      return scoped(ctx, caller, async (tx) => {
        if (!req.body.subscribed) await tx.delete(statisticsDigests).where(eq(statisticsDigests.userId, caller.userId));
        else
          // Twice at once: one row (the user's key); a subscription from another space moves there.
          await tx
            .insert(statisticsDigests)
            .values({ spaceId: caller.spaceId, secureSpacePath: caller.spacePath, userId: caller.userId })
            .onConflictDoUpdate({ target: statisticsDigests.userId, set: { spaceId: caller.spaceId, secureSpacePath: sql`excluded.secure_space_path` } });
        return read(tx, caller);
      });
    },
  });
}
