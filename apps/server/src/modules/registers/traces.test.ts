import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { R, REG, registerFixture, type TRegisterFixture } from './test/fixture.js';

/** /register-traces (decision 0037): every change to a register, template or log, named, filtered, in scope and access. */
let t: TTestApp;
let f: TRegisterFixture;
const TRACES = `${R}/register-traces/search`;
type TRow = { section: string; type: string; entity: { _id: string; name: string } | null; owner: { name: string } | null; payload: Record<string, unknown> };

beforeAll(async () => {
  t = await createTestApp();
  f = await registerFixture(t, 'traces');
  await expectOk(f.admin.patch(`${REG}/${f.register}`, { description: 'Revisar cada mañana' }));
  await expectOk(
    f.worker.post(`${REG}/${f.register}/answer/add`, {
      date: todayInZone('Europe/Madrid'),
      facilities: [{ _id: f.areas[0], values: [{ param: f.temperature, value: '4' }] }],
    }),
  );
}, 120_000);
afterAll(async () => t.close());

describe('register traces', () => {
  it('names who changed which register, template or log, newest first; filters by section and type', async () => {
    const rows: TRow[] = await expectOk(f.admin.post(TRACES, { size: 100 }));
    const sections = rows.map((r) => r.section);
    expect(sections).toEqual(expect.arrayContaining(['registers', 'register-logs', 'template-registers', 'register-sections']));
    const log = rows.find((r) => r.section === 'register-logs')!;
    expect(log).toMatchObject({ type: 'CREATE', entity: { _id: f.register, name: 'Cámaras frigoríficas' }, owner: { name: 'Worker' } });
    expect(log.payload).toMatchObject({ facilities: [f.areas[0]] });
    expect(rows[0]).toBe(rows.find((r) => r.section === 'register-logs')); // the worker's save was the last change
    expect(rows.find((r) => r.section === 'template-registers')!.entity!.name).toBe('Temperaturas');
    expect(rows.find((r) => r.section === 'register-sections' && r.type === 'CREATE' && r.entity!.name === 'Temperatura')).toBeDefined();

    const updates: TRow[] = await expectOk(
      f.admin.post(TRACES, {
        filters: [
          { field: 'section', value: 'registers' },
          { field: 'type', value: 'UPDATE' },
        ],
      }),
    );
    expect(updates).toHaveLength(1);
    expect(updates[0]!.payload).toEqual({ after: { description: 'Revisar cada mañana' } });
    expect((await f.admin.post(TRACES, { filters: [{ field: 'section', value: 'audits' }] })).status).toBe(400);
  });

  it('client staff see their registers’ traces, not the company’s templates; registersAccess and tenant limit them', async () => {
    const mine: TRow[] = await expectOk(f.worker.post(TRACES, { size: 100 }));
    expect(mine.map((r) => r.section)).not.toContain('template-registers');
    expect(mine.map((r) => r.section)).toContain('register-logs');
    await unsafeUnscoped(t.db, (tx) =>
      tx.execute(sql`update users set registers_access = ${JSON.stringify([{ areaAccess: 'POOL' }])}::jsonb where id = ${f.workerId}`),
    );
    expect(await expectOk(f.worker.post(TRACES, { size: 100 }))).toEqual([]);
    const other = await registerFixture(t, 'traces-b');
    const theirs: TRow[] = await expectOk(other.admin.post(TRACES, { size: 100 }));
    expect(theirs.some((r) => r.entity?._id === f.register)).toBe(false);
  });
});
