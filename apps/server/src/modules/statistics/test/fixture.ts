import { scorePercentage } from '@audit/domain/audits';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../../platform/db.js';
import { unsafeUnscoped } from '../../../platform/tenancy.js';
import { addSpace, addUser, createTenant, signIn } from '../../../test/factories.js';
import type { TTestApp } from '../../../test/harness.js';
import type { TSeedSpace } from '../../../seed/build.js';

/**
 * Raw rows with known totals for the statistics tests (decision 0078): finished audits with known
 * scores, audit incidents with known risks and register takes, in two establishments of one client,
 * plus users with narrower access. The tests recompute every figure with plain SQL over these rows.
 */
export const S1 = randomUUID();
export const S2 = randomUUID();
export const T1 = randomUUID();
export const T2 = randomUUID();
export const TI_PLAGUE = randomUUID();
export const TI_DIRT = randomUUID();

type TPlace = { client: TSeedSpace; est: TSeedSpace; area: TSeedSpace };

async function audit(
  db: TDatabase,
  p: TPlace,
  a: { service: string; template: string; day: string; total: number; final: number; risk: string; status?: string },
) {
  const id = randomUUID();
  await unsafeUnscoped(db, (tx) =>
    tx.execute(sql`insert into audits (id, space_id, secure_space_path, status, template_id, template_name, client_id, establishment_id, service_id,
        start_date, date_from, date_to, total_score, final_score, percentage, recalculated_risk, finished_date)
      values (${id}, ${p.est.id}, ${p.est.path}, ${a.status ?? 'finished'}, ${a.template}, ${a.template === T1 ? 'Higiene' : 'Alérgenos'}, ${p.client.id},
        ${p.est.id}, ${a.service}, ${a.day}::timestamptz, ${a.day}::timestamptz, ${a.day}::timestamptz, ${a.total}, ${a.final},
        ${scorePercentage(a.total, a.final, [])}, ${a.risk}, ${a.day}::timestamptz)`),
  );
  return id;
}

async function incident(
  db: TDatabase,
  p: TPlace,
  auditId: string,
  i: { name: string; risk: string; status: string; issue: string; day: string; type?: string },
) {
  await unsafeUnscoped(db, (tx) =>
    tx.execute(sql`insert into incidents (space_id, secure_space_path, kind, status, name, risk_level, type, client_id, establishment_id, area_id,
        audit_id, audit_date, template_issue_id, template_id)
      values (${p.est.id}, ${p.est.path}, 'audits', ${i.status}, ${i.name}, ${i.risk}, ${i.type ?? null}, ${p.client.id}, ${p.est.id}, ${p.area.id},
        ${auditId}, ${i.day}::timestamptz, ${i.issue}, (select template_id from audits where id = ${auditId}))`),
  );
}

async function register(db: TDatabase, root: TSeedSpace, client: TSeedSpace, areaAccess: string) {
  const template = randomUUID();
  const id = randomUUID();
  await unsafeUnscoped(db, async (tx) => {
    await tx.execute(sql`insert into register_templates (id, space_id, secure_space_path, name, title, report_type)
      values (${template}, ${root.id}, ${root.path}, ${`Plantilla ${areaAccess}`}, 'Registro', 'default')`);
    await tx.execute(sql`insert into registers (id, space_id, secure_space_path, name, area_access, template_id, client_id, all_establishments, all_areas, period, frequency)
      values (${id}, ${client.id}, ${client.path}, ${`Registro ${areaAccess}`}, ${areaAccess}, ${template}, ${client.id}, true, true, 'monthly', 'daily')`);
  });
  return id;
}

async function take(db: TDatabase, client: TSeedSpace, registerId: string, facility: string, slot: string, state: 'values' | 'manual' | 'empty' | 'missed') {
  await unsafeUnscoped(db, (tx) =>
    state === 'missed'
      ? tx.execute(sql`insert into register_missed_takes (space_id, secure_space_path, register_id, facility_id, slot, window_end)
          values (${client.id}, ${client.path}, ${registerId}, ${facility}, ${slot}, ${slot})`)
      : tx.execute(sql`insert into register_logs (space_id, secure_space_path, register_id, facility_id, day, slot, values, completed)
          values (${client.id}, ${client.path}, ${registerId}, ${facility}, ${slot}, ${slot},
            ${state === 'values' ? '[{"field":"t","value":4}]' : '[]'}::jsonb, ${state === 'manual'})`),
  );
}

/** Tenant A with its figures and users; tenant B with a few rows of its own (never to be counted in A). */
export async function statisticsWorld(t: TTestApp) {
  const a = await createTenant(t.db, 'stata');
  const est2 = await addSpace(t.db, { name: 'Establishment two', parent: a.client, type: 'ESTABLISHMENT' });
  const area2 = await addSpace(t.db, { name: 'Area two', parent: est2, type: 'AREA' });
  const p1 = { client: a.client, est: a.establishment, area: a.area };
  const p2 = { client: a.client, est: est2, area: area2 };
  const a1 = await audit(t.db, p1, { service: S1, template: T1, day: '2025-01-10T10:00:00Z', total: 100, final: 80, risk: 'HIGH' });
  const a2 = await audit(t.db, p1, { service: S1, template: T1, day: '2025-02-05T10:00:00Z', total: 50, final: 30, risk: 'MEDIUM' });
  const a3 = await audit(t.db, p2, { service: S2, template: T2, day: '2025-02-20T10:00:00Z', total: 200, final: 190, risk: 'LOW' });
  await audit(t.db, p2, { service: S1, template: T1, day: '2025-02-21T10:00:00Z', total: 100, final: 10, risk: 'HIGH', status: 'running' });
  await audit(t.db, p1, { service: S1, template: T1, day: '2023-06-01T10:00:00Z', total: 30, final: 10, risk: 'LOW' });
  await incident(t.db, p1, a1, { name: 'Plagas', risk: 'high', status: 'running', issue: TI_PLAGUE, day: '2025-01-10T10:00:00Z', type: 'pests' });
  await incident(t.db, p1, a1, { name: 'Suciedad', risk: 'medium', status: 'resolved', issue: TI_DIRT, day: '2025-01-10T10:00:00Z' });
  await incident(t.db, p1, a2, { name: 'Suciedad', risk: 'medium', status: 'running', issue: TI_DIRT, day: '2025-02-05T10:00:00Z' });
  await incident(t.db, p1, a2, { name: 'Suciedad', risk: 'medium', status: 'superseded', issue: TI_DIRT, day: '2025-02-05T10:00:00Z' });
  await incident(t.db, p2, a3, {
    name: 'Cuadro eléctrico',
    risk: 'IE',
    status: 'solvedInPlace',
    issue: randomUUID(),
    day: '2025-02-20T10:00:00Z',
    type: 'infra',
  });
  await incident(t.db, p2, a3, { name: 'Etiquetado', risk: 'low', status: 'running', issue: randomUUID(), day: '2025-02-20T10:00:00Z' });
  const kitchen = await register(t.db, a.root, a.client, 'kitchen');
  const pool = await register(t.db, a.root, a.client, 'pool');
  await take(t.db, a.client, kitchen, a.area.id, '2025-01-01', 'values');
  await take(t.db, a.client, kitchen, a.area.id, '2025-01-02', 'empty');
  await take(t.db, a.client, kitchen, a.area.id, '2025-01-02', 'missed');
  await take(t.db, a.client, kitchen, area2.id, '2025-02-01', 'manual');
  await take(t.db, a.client, kitchen, area2.id, '2025-02-02', 'missed');
  await take(t.db, a.client, pool, a.area.id, '2025-01-03', 'values');

  const b = await createTenant(t.db, 'statb');
  const pb = { client: b.client, est: b.establishment, area: b.area };
  const b1 = await audit(t.db, pb, { service: S1, template: T1, day: '2025-01-15T10:00:00Z', total: 100, final: 5, risk: 'HIGH' });
  await incident(t.db, pb, b1, { name: 'Plagas', risk: 'high', status: 'running', issue: TI_PLAGUE, day: '2025-01-15T10:00:00Z' });
  await take(t.db, b.client, await register(t.db, b.root, b.client, 'kitchen'), b.area.id, '2025-01-01', 'values');

  const role = a.roles.USER!;
  await addUser(t.db, { email: `est1.${a.tag}@example.com`, firstName: 'Est', home: a.establishment, roleIds: [role] });
  const s2User = await addUser(t.db, { email: `s2.${a.tag}@example.com`, firstName: 'S2', home: a.client, roleIds: [role] });
  const poolUser = await addUser(t.db, { email: `pool.${a.tag}@example.com`, firstName: 'Pool', home: a.client, roleIds: [role] });
  const enUser = await addUser(t.db, { email: `en.${a.tag}@example.com`, firstName: 'En', home: a.client, roleIds: [role] });
  await unsafeUnscoped(t.db, async (tx) => {
    await tx.execute(sql`update users set access_services = ${`{${S2}}`}::uuid[] where id = ${s2User.id}`);
    await tx.execute(sql`update users set language = 'en' where id = ${enUser.id}`);
    await tx.execute(sql`update users set registers_access = '[{"areaAccess":"pool"}]'::jsonb where id = ${poolUser.id}`);
  });
  await addUser(t.db, { email: `worker.${a.tag}@example.com`, firstName: 'Worker', home: a.client, roleIds: [a.roles.worker!] });
  const api = async (email: string) => (await signIn(t.app, email)).api;
  const adminSession = await signIn(t.app, a.admin.email);
  return {
    a,
    adminToken: adminSession.session.accessToken,
    enToken: (await signIn(t.app, `en.${a.tag}@example.com`)).session.accessToken,
    worker: await api(`worker.${a.tag}@example.com`),
    b,
    est2,
    area2,
    admin: adminSession.api,
    estUser: await api(`est1.${a.tag}@example.com`),
    s2User: await api(`s2.${a.tag}@example.com`),
    poolUser: await api(`pool.${a.tag}@example.com`),
    adminB: await api(b.admin.email),
  };
}
export type TStatisticsWorld = Awaited<ReturnType<typeof statisticsWorld>>;

/** The two bases of the statistics calls, and the year the rows above fall in. */
export const STATS = '/ms-statistics/api';
export const AUDITS = '/ms-core/api/audits';
export const YEAR = { from: '2025-01-01', to: '2025-12-31' };

/** The body of a 200 answer (the answer itself in the failure message otherwise). */
export async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
