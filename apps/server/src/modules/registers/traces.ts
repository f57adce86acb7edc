import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { TRACE_TYPES } from '@audit/domain/constants';
import { registerCalls } from '@audit/domain/calls/registers';
import { REGISTER_TRACE_SECTIONS, type TRegisterTraceOut } from '@audit/domain/registers';
import type { TSearchBody } from '@audit/domain/search';
import { requireAuth, requires, type TAuth } from '../../platform/auth.js';
import { iso, scoped, sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { buildSearch, project, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { inCatalogueScope, withinScope } from '../../platform/tenancy.js';
import { accessPredicate, visibleRegister } from './access.js';
import { traces } from '../../platform/trace/tables.js';
import { unsafeUserNames } from '../users/service.js';
import { registerItems, registers, registerSections, registerTemplates, typologies } from './tables.js';

/**
 * /register-traces (decision 0037): who changed which register, template or log, and when. The
 * audit trail of module REGISTER, in the caller's scope (a client's users see their client's
 * registers and logs; templates live in the company's space, so only its people see those), and
 * within their registersAccess. Each row names its entity and its author.
 */
const traceSearch: TSearchDefinition = {
  fields: {
    type: { column: traces.type, type: 'enum', values: TRACE_TYPES },
    section: { column: traces.section, type: 'enum', values: REGISTER_TRACE_SECTIONS },
    owner: { column: traces.ownerId, type: 'uuid' },
    entity: { column: traces.entityId, type: 'uuid' },
    date: { column: traces.date, type: 'date' },
  },
  searchColumns: [traces.section],
  defaultSort: { field: 'date', direction: 'desc' },
};

const ABOUT_REGISTERS = ['registers', 'register-logs', 'register-downloads'];

/** Traces about a register outside the caller's registersAccess are left out (the rest are catalogue rows). */
function accessWhere(caller: TAuth): SQL | undefined {
  const access = accessPredicate(caller.access.registers);
  if (!access) return undefined;
  const visible = sql`${traces.entityId} in (select ${registers.id} from ${registers} where ${access})`;
  return or(notInArray(traces.section, ABOUT_REGISTERS), visible);
}

async function entityNames(ctx: TModuleContext, caller: TAuth, rows: (typeof traces.$inferSelect)[]) {
  return scoped(ctx, caller, async (tx) => {
    const ids = (sections: string[]) => [...new Set(rows.filter((r) => sections.includes(r.section) && r.entityId).map((r) => r.entityId!))];
    const names = new Map<string, string>();
    const add = (list: { id: string; name: string }[]) => list.forEach((r) => names.set(r.id, r.name));
    const regIds = ids(ABOUT_REGISTERS);
    if (regIds.length)
      add(
        await tx
          .select({ id: registers.id, name: registers.name })
          .from(registers)
          .where(and(inArray(registers.id, regIds), visibleRegister(caller))),
      );
    const tplIds = ids(['template-registers']);
    if (tplIds.length)
      add(
        await tx
          .select({ id: registerTemplates.id, name: registerTemplates.name })
          .from(registerTemplates)
          .where(and(inArray(registerTemplates.id, tplIds), inCatalogueScope(registerTemplates.secureSpacePath, caller))),
      );
    const secIds = ids(['register-sections']);
    if (secIds.length) {
      add(
        await tx
          .select({ id: registerSections.id, name: registerSections.title })
          .from(registerSections)
          .where(and(inArray(registerSections.id, secIds), inCatalogueScope(registerSections.secureSpacePath, caller))),
      );
      add(
        await tx
          .select({ id: registerItems.id, name: registerItems.name })
          .from(registerItems)
          .where(and(inArray(registerItems.id, secIds), inCatalogueScope(registerItems.secureSpacePath, caller))),
      );
    }
    const typIds = ids(['typologies']);
    if (typIds.length)
      add(
        await tx
          .select({ id: typologies.id, name: typologies.name })
          .from(typologies)
          .where(and(inArray(typologies.id, typIds), inCatalogueScope(typologies.secureSpacePath, caller))),
      );
    return names;
  });
}

/** A removed entity is named by what its trace kept (its name or title), when it kept one. */
const keptName = (payload: unknown) => {
  const p = payload as { name?: unknown; title?: unknown } | null;
  return typeof p?.name === 'string' ? p.name : typeof p?.title === 'string' ? p.title : null;
};

export async function searchRegisterTraces(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const q = buildSearch(traceSearch, body);
  const where = and(withinScope(traces.secureSpacePath, caller), eq(traces.module, 'REGISTER'), accessWhere(caller), q.where);
  // Traces do not notify their changes (no list_totals trigger): every page counts.
  const page = await scoped(ctx, caller, (tx) => readPageByIds({ tx, table: traces, idColumn: traces.id, where, q }));
  const names = await entityNames(ctx, caller, page.items);
  const people = await unsafeUserNames(
    ctx,
    page.items.flatMap((t) => (t.ownerId ? [t.ownerId] : [])),
  );
  const items: TRegisterTraceOut[] = page.items.map((t) => ({
    _id: t.id,
    date: iso(t.date)!,
    type: t.type,
    section: t.section,
    entity: t.entityId ? { _id: t.entityId, name: names.get(t.entityId) ?? keptName(t.payload) ?? '' } : null,
    owner: t.ownerId ? { _id: t.ownerId, name: people.get(t.ownerId) ?? '' } : null,
    payload: t.payload,
  }));
  return { items: project(items, body.projections), total: page.total };
}

/** POST /ms-registry/api/register-traces/search */
export async function registerTracesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, registerCalls.traces, {
    config: requires('REGISTER:READ'),
    tags: ['registers'],
    summary: 'Who changed which register, register template or log, and when (the audit trail of registers, in the caller’s scope and registersAccess)',
    handler: async (req, reply) => sendPage(reply, await searchRegisterTraces(ctx, requireAuth(req), req.body)),
  });
}
