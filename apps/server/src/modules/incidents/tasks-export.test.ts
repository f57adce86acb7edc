import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ZSearchBody } from '@audit/domain/search';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { requireAuth, requires } from '../../platform/auth.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { exportTasks } from './tasks-export.js';

/**
 * Issue 16: "Excel export of any filtered list", the corrective actions' list (/tasks) too:
 * `POST /tasks/export-excel` takes the list's search body and streams exactly the list's rows, in
 * its order, headers and values in the user's language; 832 when nothing matches; another tenant's
 * actions never appear. A second route runs the same export seven rows a batch, so the walk crosses
 * batch boundaries inside runs of equal sort keys (creation a microsecond apart, shared due dates, nulls).
 */
const LIST = '/ms-core/api/tasks/search';
const EXPORT = '/ms-core/api/tasks/export-excel';
const SMALL = '/test/tasks-export-small';
const SMALL_BATCH = 7;
const ROWS = 45;

type TTask = {
  name: string;
  incidentName: string;
  status: string;
  priority: string;
  responsible: { name: string } | null;
  dueDate: string | null;
  overdue: boolean;
  completedBy: string | null;
  verifiedBy: string | null;
};

let t: TTestApp;
let a: TTenant;
let b: TTenant;
let api: TApiClient;
let token: string;
let outsiderToken: string;
const kitchensOf = new Map<string, string[]>();

const ES = {
  status: { toDo: 'Por hacer', running: 'En curso', complete: 'Completada' } as Record<string, string>,
  priority: { low: 'Baja', medium: 'Media', high: 'Alta' } as Record<string, string>,
  yes: 'Sí',
  no: 'No',
};

/** A list row as the sheet should show it, in Spanish. */
const sheetRowOf = (r: TTask) => [
  r.name,
  r.incidentName,
  ES.status[r.status],
  ES.priority[r.priority],
  r.responsible?.name ?? '',
  r.dueDate ? r.dueDate.split('-').reverse().join('-') : '',
  r.overdue ? ES.yes : ES.no,
  r.completedBy ?? '',
  r.verifiedBy ?? '',
];

/** The export, read back with exceljs: the sheet's rows (the header first), each nine cells, an empty one as ''. */
const exported = async (body: object, url = EXPORT, as = token) => {
  const res = await t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${as}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(String(res.headers['content-disposition'])).toMatch(/\.xlsx"$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return (book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => Array.from({ length: 9 }, (_, i) => r[i + 1] ?? ''));
};

/** The list's rows for the same body, every page in one. */
const listed = async (body: object) => {
  const res = await api.post<TTask[]>(LIST, { ...body, page: 0, size: 1000 });
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp({}, (app, ctx) => {
    // The same export, a few rows a batch (the route's own batch is 500).
    app.post(SMALL, { config: requires('ISSUE:READ') }, async (req, reply) => {
      const { stream } = await exportTasks(ctx, requireAuth(req), ZSearchBody.parse(req.body), SMALL_BATCH);
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', 'attachment; filename="small.xlsx"');
      return reply.send(stream);
    });
  });
  a = await createTenant(t.db, 'txa');
  b = await createTenant(t.db, 'txb');
  for (const tenant of [a, b]) {
    const e = tenant.establishment;
    const kitchens = (
      await unsafeUnscoped(t.db, (tx) =>
        tx.execute<{ id: string }>(sql`insert into incidents (space_id, secure_space_path, kind, status, name)
          values (${e.id}, ${e.path}, 'audits', 'running', ${`Cocina ${tenant.tag}`}), (${e.id}, ${e.path}, 'others', 'running', ${`Almacén ${tenant.tag}`})
          returning id`),
      )
    ).rows.map((r) => r.id);
    kitchensOf.set(tenant.tag, kitchens);
    // Created a microsecond apart in threes; due dates shared by fives, some none, some far ahead; every status and priority;
    // a responsible on every other one; the complete ones completed by the admin, one in two of those verified by the auditor.
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute(sql`insert into incident_tasks (space_id, secure_space_path, incident_id, name, status, priority, responsible_id, due_date,
          completed_by, verified_by, created_at)
        select ${e.id}, ${e.path}, (array[${kitchens[0]}::uuid, ${kitchens[1]}::uuid])[1 + n % 2], 'Acción ' || lpad(n::text, 2, '0'),
          (array['toDo', 'running', 'complete'])[1 + n % 3], (array['low', 'medium', 'high'])[1 + n % 3 / 2 + n % 2],
          case when n % 2 = 0 then ${tenant.auditor.id}::uuid end,
          case when n % 6 = 0 then null when n % 7 = 0 then date '2999-01-01' else date '2024-01-01' + n % 5 end,
          case when n % 3 = 2 then ${tenant.admin.id}::uuid end, case when n % 6 = 5 then ${tenant.auditor.id}::uuid end,
          timestamptz '2024-02-01 10:00:00+00' + (n / 3) * interval '1 microsecond'
        from generate_series(1, ${ROWS}) n`),
    );
  }
  const signed = await signIn(t.app, a.admin.email);
  api = signed.api;
  token = signed.session.accessToken;
  outsiderToken = (await signIn(t.app, b.admin.email)).session.accessToken;
}, 120_000);
afterAll(() => t.close());

describe('POST /tasks/export-excel', () => {
  it('holds the list’s rows, in its order, in Spanish: the default order, a filter, a search, a sort', async () => {
    const bodies = [
      {},
      { filters: [{ field: 'status', operator: '$in', value: ['toDo', 'running'] }] },
      { filters: [{ field: 'overdue', operator: 'eq', value: true }], sort: 'priority' },
      { search: 'acción 1', sort: '-dueDate' },
    ];
    for (const body of bodies) {
      const list = await listed(body);
      expect(list.length).toBeGreaterThan(0);
      const sheet = await exported(body);
      expect(sheet[0]).toEqual(['Acción', 'Incidencia', 'Estado', 'Prioridad', 'Responsable', 'Fecha límite', 'Vencida', 'Completada por', 'Verificada por']);
      expect(sheet.slice(1)).toEqual(list.map(sheetRowOf));
    }
    const all = (await exported({})).slice(1);
    expect(all).toHaveLength(ROWS);
    // The names, the people and the dates are there, not only equal to the list's.
    expect(all.find((r) => r[0] === 'Acción 05')).toEqual([
      'Acción 05',
      `Almacén ${a.tag}`,
      'Completada',
      'Alta',
      '',
      '01-01-2024',
      'No',
      `Admin ${a.tag}`,
      `Auditor ${a.tag}`,
    ]);
    expect(all.find((r) => r[0] === 'Acción 04')).toEqual(['Acción 04', `Cocina ${a.tag}`, 'En curso', 'Baja', `Auditor ${a.tag}`, '05-01-2024', 'Sí', '', '']);
  });

  it('in English once the user chooses English', async () => {
    const body = { filters: [{ field: 'status', operator: 'eq', value: 'complete' }] };
    const before = await exported(body);
    expect(await api.patch('/ms-core/api/users/me/language', { language: 'en' })).toMatchObject({ status: 200 });
    try {
      const english = await exported(body);
      expect(english[0]).toEqual(['Action', 'Incident', 'Status', 'Priority', 'Responsible', 'Due date', 'Overdue', 'Completed by', 'Verified by']);
      expect(english.slice(1).map((r) => r[0])).toEqual(before.slice(1).map((r) => r[0]));
      expect(new Set(english.slice(1).map((r) => r[2]))).toEqual(new Set(['Complete']));
      expect(new Set(english.slice(1).map((r) => r[6]))).toEqual(new Set(['No']));
    } finally {
      await api.patch('/ms-core/api/users/me/language', { language: 'es' });
    }
  });

  it('never holds another tenant’s actions; 832 when nothing matches; a bad filter is 400', async () => {
    const mine = (await exported({})).slice(1);
    expect(mine.every((r) => r[1] === `Cocina ${a.tag}` || r[1] === `Almacén ${a.tag}`)).toBe(true);
    // The other tenant's export: its own actions (the same names), none of ours.
    const theirs = (await exported({}, EXPORT, outsiderToken)).slice(1);
    expect(theirs).toHaveLength(ROWS);
    expect(theirs.every((r) => r[1] === `Cocina ${b.tag}` || r[1] === `Almacén ${b.tag}`)).toBe(true);
    const ours = await t.app.inject({
      method: 'POST',
      url: EXPORT,
      payload: { filters: [{ field: 'incident', operator: '$in', value: kitchensOf.get(a.tag) }] },
      headers: { authorization: `Bearer ${outsiderToken}` },
    });
    expect([ours.statusCode, ours.json().reference]).toEqual([404, '832']);
    const empty = await api.post(EXPORT, { search: 'nada parecido' });
    expect([empty.status, empty.body.reference]).toEqual([404, '832']);
    const bad = await api.post(EXPORT, { filters: [{ field: 'status', value: 'bogus' }] });
    expect([bad.status, bad.body.fields]).toEqual([400, ['filters.status']]);
  });
});

describe('an export longer than a batch', () => {
  it('walks every row once, in the list’s order, across batches of seven (ties, nulls, both directions)', async () => {
    for (const body of [{}, { sort: 'createdAt' }, { sort: '-dueDate' }, { sort: 'dueDate' }, { sort: 'status' }, { search: 'acción', sort: 'createdAt' }]) {
      const sheet = await exported(body, SMALL);
      expect(sheet.slice(1), JSON.stringify(body)).toEqual((await listed(body)).map(sheetRowOf));
      expect(sheet.length - 1).toBeGreaterThan(SMALL_BATCH * 2);
    }
  });
});
