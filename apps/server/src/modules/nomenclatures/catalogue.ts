import type { TPermission, TPermissionModule } from '@audit/domain/permissions';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { TCall } from '@audit/domain/calls/define';
import { catalogueCalls, type TCatalogueCalls } from '@audit/domain/calls/nomenclatures';
import type { TSearchBody } from '@audit/domain/search';
import { requireAuth, requires, type TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, sendPage, typed, type TModuleContext } from '../../platform/http.js';
import { route, type TRouteOptions } from '../../platform/route.js';
import { buildSearch, project, readPageByIds, type TSearchField } from '../../platform/search.js';
import type { TIdentity } from '../../platform/identity.js';
import { inCatalogueScope, type TScope } from '../../platform/tenancy.js';
import { cataloguePolicy } from './policy.js';
import { recordTrace } from '../../platform/trace.js';
import type { TCatalogueTable } from './tables.js';

/**
 * The one generic piece for catalogue entities ("nomenclatures"): name, description, dates, plus
 * whatever extra fields a definition adds. Reads use inCatalogueScope (own space, below, and the
 * ancestors' rows); writes land in the caller's space and change only rows of the caller's space or
 * below (an ancestor's row is readable, not writable: 451). Each create, update and remove writes
 * its trace in the same transaction.
 */
type TRow = { id: string; spaceId: string; secureSpacePath: string; name: string; description: string | null; createdAt: Date; updatedAt: Date } & Record<
  string,
  unknown
>;
type TInput = { name?: string; description?: string | null } & Record<string, unknown>;

export interface TCatalogueDefinition {
  table: TCatalogueTable;
  /** Permission module (MODULE:READ, ...) and trace module. */
  module: TPermissionModule;
  /** Trace section and OpenAPI tag. */
  section: string;
  /** Body of a create; a PATCH takes the same fields, all optional. */
  input: z.ZodObject;
  /** The extra fields of a presented row (besides _id, name, description, space, dates, can). */
  output?: z.ZodRawShape;
  /** Extra whitelisted search fields. */
  fields?: Record<string, TSearchField>;
  /** Extra input fields -> column values (values already validated by `input`). */
  toValues?: (input: TInput) => Record<string, unknown>;
  present?: (row: TRow) => Record<string, unknown>;
  /** Domain checks needing the database (references visible, tree rules...). */
  validate?: (tx: TDb, caller: TAuth, input: TInput, before?: TRow) => Promise<void>;
  /** Names are unique per space, or within the rows this predicate selects (e.g. a category's siblings). */
  sameNameScope?: (input: TInput, before?: TRow) => SQL | undefined;
  /** Work of the same transaction once a row is created (a new service joins its space's goals). */
  afterCreate?: (tx: TDb, caller: TAuth, row: TRow) => Promise<void>;
  /** Refuses a delete (throws) when the row is still needed. */
  beforeDelete?: (tx: TDb, caller: TAuth, row: TRow) => Promise<void>;
}

/** The catalogues' field schemas, from the shared contract (the definitions build their bodies with them). */
export { ZDescription, ZName, ZSimpleInput } from '@audit/domain/nomenclatures';

export function catalogueRepo(def: TCatalogueDefinition) {
  const table = def.table;
  const search = {
    fields: {
      name: { column: table.name, type: 'text' as const },
      description: { column: table.description, type: 'text' as const },
      createdAt: { column: table.createdAt, type: 'date' as const },
      updatedAt: { column: table.updatedAt, type: 'date' as const },
      space: { column: table.spaceId, type: 'uuid' as const },
      _id: { column: table.id, type: 'uuid' as const, sortable: false },
      ...def.fields,
    },
    searchColumns: [table.name, table.description],
    defaultSort: { field: 'name', direction: 'asc' as const },
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one builder for every catalogue table: drizzle's per-table types cannot be written generically
  const db = (tx: TDb) => tx as unknown as { select: () => any; insert: (t: unknown) => any; update: (t: unknown) => any; delete: (t: unknown) => any };
  return {
    search,
    async searchRows(tx: TDb, scope: TScope, body: TSearchBody, extra?: SQL) {
      const q = buildSearch(search, body);
      const where = and(inCatalogueScope(table.secureSpacePath, scope), extra, q.where);
      // Catalogue tables do not notify their changes (no list_totals trigger): every page counts.
      return readPageByIds<TCatalogueTable, TRow>({ tx, table, idColumn: table.id, where, q });
    },
    async find(tx: TDb, scope: TScope, id: string): Promise<TRow | undefined> {
      const [row] = await db(tx)
        .select()
        .from(table)
        .where(and(eq(table.id, id), inCatalogueScope(table.secureSpacePath, scope)))
        .limit(1);
      return row;
    },
    /** Visible rows among `ids` (for presenting references by name). */
    async findMany(tx: TDb, scope: TScope, ids: string[]): Promise<TRow[]> {
      const wanted = [...new Set(ids)];
      if (!wanted.length) return [];
      return db(tx)
        .select()
        .from(table)
        .where(and(inArray(table.id, wanted), inCatalogueScope(table.secureSpacePath, scope)));
    },
    async countVisible(tx: TDb, scope: TScope, ids: string[]) {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(and(inArray(table.id, ids), inCatalogueScope(table.secureSpacePath, scope)));
      return n;
    },
    async nameTaken(tx: TDb, spaceId: string, name: string, exceptId?: string, within?: SQL) {
      const [row] = await tx
        .select({ id: table.id })
        .from(table)
        .where(
          and(eq(table.spaceId, spaceId), sql`lower(${table.name}) = ${name.toLowerCase()}`, exceptId ? sql`${table.id} <> ${exceptId}` : undefined, within),
        )
        .limit(1);
      return Boolean(row);
    },
    async insert(tx: TDb, values: Record<string, unknown>): Promise<TRow> {
      const [row] = await db(tx).insert(table).values(values).returning();
      return row;
    },
    async update(tx: TDb, id: string, values: Record<string, unknown>): Promise<TRow> {
      const [row] = await db(tx)
        .update(table)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning();
      return row;
    },
    async remove(tx: TDb, id: string) {
      await db(tx).delete(table).where(eq(table.id, id));
    },
  };
}

export function catalogueService(def: TCatalogueDefinition) {
  const repo = catalogueRepo(def);
  const policy = cataloguePolicy(def.module);
  const present = (row: TRow, caller: TIdentity) => {
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      ...def.present?.(row),
      space: row.spaceId,
      createdAt: iso(row.createdAt)!,
      updatedAt: iso(row.updatedAt)!,
      /** What the caller may do with it (catalogue policy): an ancestor's row is read only. */
      can: policy.canAll(caller, row),
    };
  };
  const values = (input: TInput) => ({
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description === '' ? null : input.description } : {}),
    ...def.toValues?.(input),
  });
  async function loadWritable(tx: TDb, caller: TAuth, id: string, action: 'update' | 'delete') {
    const row = await repo.find(tx, caller, id);
    if (!row) throw notFound();
    policy.authorize(caller, action, row);
    return row;
  }
  async function assertNameFree(tx: TDb, spaceId: string, input: TInput, before?: TRow) {
    const name = input.name ?? before?.name;
    if (name && (await repo.nameTaken(tx, spaceId, name, before?.id, def.sameNameScope?.(input, before)))) throw new AppError('alreadyExists', ['name']);
  }
  return {
    repo,
    present,
    async search(ctx: TModuleContext, caller: TAuth, body: TSearchBody, extra?: SQL) {
      const page = await scoped(ctx, caller, (tx) => repo.searchRows(tx, caller, body, extra));
      return {
        items: project(
          page.items.map((r) => present(r, caller)),
          body.projections,
        ),
        total: page.total,
      };
    },
    async get(ctx: TModuleContext, caller: TAuth, id: string) {
      const row = await scoped(ctx, caller, (tx) => repo.find(tx, caller, id));
      if (!row) throw notFound();
      return present(row, caller);
    },
    async create(ctx: TModuleContext, caller: TAuth, input: TInput) {
      return scoped(ctx, caller, async (tx) => {
        await assertNameFree(tx, caller.spaceId, input);
        await def.validate?.(tx, caller, input);
        const row = await repo.insert(tx, { ...values(input), spaceId: caller.spaceId, secureSpacePath: caller.spacePath });
        await def.afterCreate?.(tx, caller, row);
        await recordTrace(tx, caller, { type: 'CREATE', module: def.module, section: def.section, entityId: row.id, payload: input });
        return present(row, caller);
      });
    },
    async update(ctx: TModuleContext, caller: TAuth, id: string, input: TInput) {
      return scoped(ctx, caller, async (tx) => {
        const before = await loadWritable(tx, caller, id, 'update');
        await assertNameFree(tx, before.spaceId, input, before);
        await def.validate?.(tx, caller, input, before);
        const row = await repo.update(tx, id, values(input));
        await recordTrace(tx, caller, {
          type: 'UPDATE',
          module: def.module,
          section: def.section,
          entityId: id,
          spaceId: before.spaceId,
          secureSpacePath: before.secureSpacePath,
          payload: { before: present(before, caller), after: input },
        });
        return present(row, caller);
      });
    },
    async remove(ctx: TModuleContext, caller: TAuth, id: string) {
      await scoped(ctx, caller, async (tx) => {
        const row = await loadWritable(tx, caller, id, 'delete');
        await def.beforeDelete?.(tx, caller, row);
        await repo.remove(tx, id);
        await recordTrace(tx, caller, {
          type: 'REMOVE',
          module: def.module,
          section: def.section,
          entityId: id,
          spaceId: row.spaceId,
          secureSpacePath: row.secureSpacePath,
          payload: present(row, caller),
        });
      });
    },
    /** Every id must be a row the caller can see, else a 400 naming `field`. */
    async assertVisible(tx: TDb, caller: TScope, ids: (string | null | undefined)[], field: string) {
      const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
      if (wanted.length && (await repo.countVisible(tx, caller, wanted)) !== wanted.length) throw invalidData([field]);
    },
  };
}
export type TCatalogueService = ReturnType<typeof catalogueService>;

/**
 * POST /search, GET /:id, POST /, PATCH /:id, DELETE /:id for one catalogue entity, registered from
 * its calls (packages/domain/src/calls: catalogueCalls). A catalogue whose calls are not declared yet
 * (no `calls`) registers the same routes by hand, with the schemas of catalogueCalls and no call name.
 */
export function catalogueRoutes(def: TCatalogueDefinition, service: TCatalogueService = catalogueService(def), calls?: TCatalogueCalls) {
  const tags = [def.section];
  const access = (action: 'READ' | 'CREATE' | 'WRITE' | 'DELETE') => requires(`${def.module}:${action}` as TPermission);
  return async (app: FastifyInstance, ctx: TModuleContext) => {
    const own = calls ?? catalogueCalls(def.section, app.prefix, def.input, def.output ?? {});
    const register = <C extends TCall>(call: C, options: TRouteOptions<C>) => {
      if (calls) return route(app, call, options);
      const url = call.path.slice(app.prefix.length) || '/';
      const status = call.response ? 200 : 204;
      const schema = {
        tags: options.tags,
        summary: options.summary,
        ...(call.params ? { params: call.params } : {}),
        ...(call.body ? { body: call.body } : {}),
        ...(call.response ? { response: { [status]: call.response } } : {}),
      };
      typed(app).route({ method: call.method, url, config: options.config, schema, handler: options.handler as never });
    };
    register(own.search, {
      config: access('READ'),
      tags,
      summary: `Paged search of ${def.section} (own space, below and inherited)`,
      handler: async (req, reply) => sendPage(reply, await service.search(ctx, requireAuth(req), req.body)),
    });
    register(own.get, {
      config: access('READ'),
      tags,
      summary: `One of ${def.section}`,
      handler: (req) => service.get(ctx, requireAuth(req), req.params.id),
    });
    register(own.create, {
      config: access('CREATE'),
      tags,
      summary: `Create one of ${def.section} in the caller's space`,
      handler: (req) => service.create(ctx, requireAuth(req), req.body as TInput),
    });
    register(own.update, {
      config: access('WRITE'),
      tags,
      summary: `Update one of ${def.section} (451 for an inherited one)`,
      handler: (req) => service.update(ctx, requireAuth(req), req.params.id, req.body as TInput),
    });
    register(own.remove, {
      config: access('DELETE'),
      tags,
      summary: `Delete one of ${def.section} (451 for an inherited one)`,
      handler: async (req) => {
        await service.remove(ctx, requireAuth(req), req.params.id);
        return { ok: true as const };
      },
    });
  };
}
