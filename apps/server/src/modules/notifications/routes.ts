import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { notificationCalls } from '@audit/domain/calls/notifications';
import { requireAuth } from '../../platform/auth.js';
import { iso, scoped, sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { notFound } from '../../platform/errors.js';
import { buildSearch, type TSearchDefinition } from '../../platform/search.js';
import { withinScope } from '../../platform/tenancy.js';
import { notifications } from './tables.js';

const notificationSearch: TSearchDefinition = {
  fields: {
    read: { column: notifications.read, type: 'boolean' },
    type: { column: notifications.type, type: 'enum', values: ['TASK_UPDATE_STATE', 'SHARE_FILE', 'AUDIT_ASSIGNED', 'REGISTER_MISSED_TAKES'] },
    createdAt: { column: notifications.createdAt, type: 'date' },
  },
  searchColumns: [],
  defaultSort: { field: 'createdAt', direction: 'desc' },
};

const tags = ['notifications'];

/** The caller's own notifications in the current space. */
export async function notificationsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, notificationCalls.search, {
    config: { access: { permissions: [] } },
    tags,
    summary: "Paged search of the caller's notifications",
    handler: async (req, reply) => {
      const caller = requireAuth(req);
      const q = buildSearch(notificationSearch, req.body);
      const where = and(withinScope(notifications.secureSpacePath, caller), eq(notifications.ownerId, caller.userId), q.where);
      const page = await scoped(ctx, caller, async (tx) => ({
        items: await tx
          .select()
          .from(notifications)
          .where(where)
          .orderBy(...q.orderBy)
          .limit(q.limit)
          .offset(q.offset),
        total: (
          await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(notifications)
            .where(where)
        )[0]!.n,
      }));
      return sendPage(reply, {
        items: page.items.map((n) => ({ _id: n.id, type: n.type, read: n.read, createdAt: iso(n.createdAt)!, payload: n.payload })),
        total: page.total,
      });
    },
  });

  // The drawer's footer and its items (decision 0039): the caller's own notifications in the space only.
  const own = (caller: { userId: string; spaceId: string; spacePath: string }) =>
    and(withinScope(notifications.secureSpacePath, caller), eq(notifications.ownerId, caller.userId));
  route(app, notificationCalls.read, {
    config: { access: { permissions: [] }, identityNeutral: true },
    tags,
    summary: 'Mark one of the caller’s notifications read',
    handler: async (req) => {
      const caller = requireAuth(req);
      const rows = await scoped(ctx, caller, (tx) =>
        tx
          .update(notifications)
          .set({ read: true })
          .where(and(own(caller), eq(notifications.id, req.params.id)))
          .returning({ id: notifications.id }),
      );
      if (!rows.length) throw notFound();
      return { count: rows.length };
    },
  });
  route(app, notificationCalls.readAll, {
    config: { access: { permissions: [] }, identityNeutral: true },
    tags,
    summary: 'Mark all the caller’s notifications read',
    handler: async (req) => {
      const caller = requireAuth(req);
      const rows = await scoped(ctx, caller, (tx) =>
        tx
          .update(notifications)
          .set({ read: true })
          .where(and(own(caller), eq(notifications.read, false)))
          .returning({ id: notifications.id }),
      );
      return { count: rows.length };
    },
  });
  route(app, notificationCalls.clear, {
    config: { access: { permissions: [] }, identityNeutral: true },
    tags,
    summary: 'Remove all the caller’s notifications (clear all)',
    handler: async (req) => {
      const caller = requireAuth(req);
      const rows = await scoped(ctx, caller, (tx) => tx.delete(notifications).where(own(caller)).returning({ id: notifications.id }));
      return { count: rows.length };
    },
  });
}
