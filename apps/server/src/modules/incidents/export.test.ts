import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { EXPORT_BATCH } from './export.js';

/**
 * The Excel is exactly the list: its filters, search and sort, walked batch by batch (keyset on the
 * sort key and the id). More rows than two batches, with ties, nulls and microsecond-apart dates,
 * so every batch boundary falls inside a run of equal keys.
 */
const ROWS = EXPORT_BATCH * 2 + 137;

let t: TTestApp;
let tenant: TTenant;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'exp');
  token = (await signIn(t.app, tenant.auditor.email)).session.accessToken;
  const e = tenant.establishment;
  await unsafeUnscoped(t.db, (tx) =>
    tx.execute(sql`
      insert into incidents (space_id, secure_space_path, kind, status, name, risk_level, open_date, establishment_id, client_id)
      select ${e.id}::uuid, ${e.path}, 'others', case when i % 5 = 0 then 'draft' else 'running' end, 'Inc ' || lpad(i::text, 5, '0'),
             case i % 3 when 0 then null when 1 then 'high' else 'low' end,
             timestamptz '2026-03-01 10:00:00+00' + (i % 7) * interval '1 microsecond',
             ${e.id}::uuid, ${tenant.client.id}::uuid
      from generate_series(1, ${ROWS}) as i`),
  );
});
afterAll(() => t.close());

async function exported(body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ms-core/api/reports/issues/export-excel',
    headers: { authorization: `Bearer ${token}` },
    payload: { filters: [{ field: 'kind', value: 'others' }], ...body },
  });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
  return rows.slice(1).map((r) => String(r[1]));
}

/** The names in the order PostgreSQL gives for that ORDER BY (ties by id in the same direction, as the list). */
async function expected(orderBy: string, where = 'true') {
  const rows = await unsafeUnscoped(t.db, (tx) =>
    tx.execute<{ name: string }>(sql.raw(`select name from incidents where kind = 'others' and ${where} order by ${orderBy}`)),
  );
  return rows.rows.map((r) => r.name);
}

describe('POST /reports/issues/export-excel follows the list', () => {
  it('sorted by risk (ties and nulls across batches), both directions', async () => {
    expect(await exported({ sort: 'riskLevel' })).toEqual(await expected('risk_level asc, id asc'));
    expect(await exported({ sort: '-riskLevel' })).toEqual(await expected('risk_level desc, id desc'));
  });
  it('by the default order (open date, newest first; dates a microsecond apart) and by name', async () => {
    const byDate = await exported({});
    expect(byDate).toHaveLength(ROWS);
    expect(byDate).toEqual(await expected('open_date desc, id desc'));
    expect(await exported({ sort: { name: 1 } })).toEqual(await expected('name asc, id asc'));
  });
  it('with a filter and a free-text search, in the list’s sort', async () => {
    const list = await exported({
      filters: [
        { field: 'kind', value: 'others' },
        { field: 'status', value: 'draft' },
      ],
      search: 'Inc 0',
      sort: '-name',
    });
    expect(list).toEqual(await expected('name desc, id desc', `status = 'draft' and name ilike '%Inc 0%'`));
    expect(list.length).toBe(Math.floor(ROWS / 5));
  });
});
