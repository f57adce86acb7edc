import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

/**
 * The corrective actions' list (`/tasks`) and the incidents list as decision 0056 reads them: the
 * search by ids (list_match_incident_tasks), the total kept between pages, pages read from either
 * end, and the order a date range gets when no sort is asked.
 */
const TASKS = '/ms-core/api/tasks/search';
const ISSUES = '/ms-core/api/issues/search-issues';
const COUNT = 25;

let t: TTestApp;
let a: TTenant;
let b: TTenant;
let api: TApiClient;
/** Tenant a's actions, newest first (the list's default order: created, then id). */
let newestFirst: { id: string; name: string; due: string; status: string }[];
const incidentsOf = new Map<string, string>();

const day = (offset: number) => new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
type TRow = { _id: string; name: string; dueDate: string | null; status: string; incidentName: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'tla');
  b = await createTenant(t.db, 'tlb');
  for (const tenant of [a, b]) {
    const [incident] = (
      await unsafeUnscoped(t.db, (tx) =>
        tx.execute<{ id: string }>(sql`insert into incidents (space_id, secure_space_path, kind, status, name)
          values (${tenant.establishment.id}, ${tenant.establishment.path}, 'audits', 'running', ${`Cocina ${tenant.tag}`}) returning id`),
      )
    ).rows;
    incidentsOf.set(tenant.tag, incident!.id);
    // Created one hour apart; due dates in the other order (the first created is due last), one in three complete.
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name, status, due_date, created_at)
        select ${tenant.establishment.id}, ${tenant.establishment.path}, ${incident!.id}, 'Limpiar campana ' || n,
          (array['toDo', 'running', 'complete'])[1 + n % 3], date '2024-01-01' + (${COUNT} - n) * 3, timestamptz '2024-01-01' + n * interval '1 hour'
        from generate_series(1, ${COUNT}) n`),
    );
  }
  newestFirst = (
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ id: string; name: string; due: string; status: string }>(sql`select id, name, due_date::text as due, status from incident_tasks
        where incident_id = ${incidentsOf.get(a.tag)} order by created_at desc, id desc`),
    )
  ).rows;
  api = (await signIn(t.app, a.admin.email)).api;
});
afterAll(() => t.close());

const list = async (body: object) => {
  const res = await api.post<TRow[]>(TASKS, { size: 50, page: 0, ...body });
  expect(res.status).toBe(200);
  return { rows: res.body, ids: res.body.map((r) => r._id), total: Number(res.headers['x-total-count']) };
};

describe('POST /tasks/search', () => {
  it("finds by the action's name, case-insensitively, within the caller's tenant only", async () => {
    const all = await list({ search: 'CAMPANA' });
    expect(all.total).toBe(COUNT);
    expect(new Set(all.ids)).toEqual(new Set(newestFirst.map((r) => r.id)));
    expect(all.rows.every((r) => r.incidentName === `Cocina ${a.tag}`)).toBe(true);
    const seven = await list({ search: 'campana 7' });
    expect({ total: seven.total, names: seven.rows.map((r) => r.name) }).toEqual({ total: 1, names: ['Limpiar campana 7'] });
    // The other tenant's identical names stay out; '%' and '_' are characters, not wildcards.
    for (const search of ['%', '_', 'campana_1', `Cocina ${b.tag}`]) expect(await list({ search })).toEqual({ rows: [], ids: [], total: 0 });
    const theirs = await signIn(t.app, b.admin.email);
    const other = await theirs.api.post<TRow[]>(TASKS, { size: 50, page: 0, search: 'campana' });
    expect(other.body.filter((r) => newestFirst.some((mine) => mine.id === r._id))).toEqual([]);
    expect(other.body).toHaveLength(COUNT);
  });

  it('pages from either end in the same order, with the same total on every page', async () => {
    const pages = [];
    for (const page of [0, 1, 2, 3]) pages.push(await list({ size: 10, page }));
    expect(pages.map((p) => p.total)).toEqual([COUNT, COUNT, COUNT, COUNT]);
    expect(pages.map((p) => p.ids.length)).toEqual([10, 10, 5, 0]);
    // Page 2 is read from the end (reverse order, offset 0), page 1 from the start: together, the list's order.
    expect(pages.flatMap((p) => p.ids)).toEqual(newestFirst.map((r) => r.id));
    const searched = [await list({ size: 10, page: 0, search: 'campana' }), await list({ size: 10, page: 2, search: 'campana' })];
    expect(searched.map((p) => p.ids)).toEqual([newestFirst.slice(0, 10).map((r) => r.id), newestFirst.slice(20).map((r) => r.id)]);
  });

  it('counts a new action once it is committed (the kept total is dropped on change)', async () => {
    const before = await list({ filters: [{ field: 'status', operator: 'eq', value: 'toDo' }] });
    expect(before.total).toBe(newestFirst.filter((r) => r.status === 'toDo').length);
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name, status)
        values (${a.establishment.id}, ${a.establishment.path}, ${incidentsOf.get(a.tag)}, 'Vaciar trampa de grasas', 'toDo')`),
    );
    await expect
      .poll(async () => (await list({ filters: [{ field: 'status', operator: 'eq', value: 'toDo' }] })).total, { timeout: 5000 })
      .toBe(before.total + 1);
    expect((await list({ search: 'trampa de grasas' })).total).toBe(1);
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`delete from incident_tasks where name = 'Vaciar trampa de grasas'`));
    await expect.poll(async () => (await list({ search: 'trampa de grasas' })).total, { timeout: 5000 }).toBe(0);
  });

  it('orders a due-date range by the due date when no sort is asked, and keeps an asked order', async () => {
    const range = [{ field: 'dueDate', operator: 'between', value: [day(0), day(30)] }];
    const inRange = newestFirst.filter((r) => r.due >= day(0) && r.due <= day(30));
    expect(inRange.length).toBeGreaterThan(5);
    const byDue = await list({ filters: range });
    expect(byDue.rows.map((r) => r.dueDate)).toEqual(
      inRange
        .map((r) => r.due)
        .sort()
        .reverse(),
    );
    // Asked by creation, newest first: the matches sorted in that order (few matches: sorted, not walked).
    expect((await list({ filters: range, sort: '-createdAt' })).ids).toEqual(inRange.map((r) => r.id));
    expect((await list({ filters: range, sort: 'createdAt', size: 3, page: 1 })).ids).toEqual(
      inRange
        .map((r) => r.id)
        .reverse()
        .slice(3, 6),
    );
  });

  it('lists the overdue actions: not complete and due before today', async () => {
    const overdue = await list({ filters: [{ field: 'overdue', operator: 'eq', value: true }] });
    expect(overdue.ids).toEqual(newestFirst.filter((r) => r.status !== 'complete').map((r) => r.id));
    const rest = await list({ filters: [{ field: 'overdue', operator: 'eq', value: false }] });
    expect(rest.ids).toEqual(newestFirst.filter((r) => r.status === 'complete').map((r) => r.id));
  });
});

describe('POST /issues/search-issues under an audit-month range', () => {
  it('orders by the audit date, newest first, when no sort is asked; an asked order is kept', async () => {
    // Opened in the other order than audited: the first audited opened last.
    const ids = (
      await unsafeUnscoped(t.db, (tx) =>
        tx.execute<{ id: string; name: string }>(sql`insert into incidents (space_id, secure_space_path, kind, status, name, audit_date, open_date)
          select ${a.establishment.id}, ${a.establishment.path}, 'audits', 'running', 'Mes ' || n,
            timestamptz '2023-03-01' + n * interval '1 day', timestamptz '2023-06-01' - n * interval '1 day'
          from generate_series(1, 4) n returning id, name`),
      )
    ).rows
      .sort((x, y) => x.name.localeCompare(y.name))
      .map((r) => r.id);
    const months = [{ field: 'auditDate', operator: 'between', value: ['2023-03', '2023-03'] }];
    const page = async (body: object) => (await api.post<{ _id: string }[]>(ISSUES, { size: 50, page: 0, filters: months, ...body })).body.map((r) => r._id);
    expect(await page({})).toEqual([...ids].reverse());
    expect(await page({ sort: '-openDate' })).toEqual(ids);
    expect(await page({ sort: 'auditDate', size: 1, page: 3 })).toEqual([ids[3]]);
  });
});
