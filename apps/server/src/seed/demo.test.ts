import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../test/harness.js';
import { signIn } from '../test/factories.js';
import { unsafeUnscoped } from '../platform/tenancy.js';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { INCIDENT_STATUSES, TASK_STATUSES } from '@audit/domain/incidents';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.js';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
  await unsafeUnscoped(t.db, (tx) => seedDemo(tx));
  // The demo's half year of audits goes through the audits module's rules: room for a loaded machine.
}, 300_000);
afterAll(() => t.close());

describe('demo seed: clients and nomenclatures', () => {
  it('gives the demo clients Spanish addresses that resolve through the geography calls', async () => {
    const { api } = await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD);
    const clients = await api.post('/ms-core/api/structures/parent/search', { sort: 'name' });
    expect(clients.body.map((c: { name: string }) => c.name)).toEqual(['Hotel Mar Azul', 'Restaurante El Olivo']);
    const hotel = clients.body[0];
    expect(hotel).toMatchObject({ address: 'Avenida del Puerto 120', zipCode: 46023, active: true });
    expect((await api.get(`/ms-core/api/states/${hotel.province}`)).body.name).toBe('Valencia/València');
    expect((await api.get(`/ms-core/api/cities/${hotel.municipality}`)).body.name).toBe('València');
    const offered = await api.post('/ms-core/api/services/search-from-client', { client: hotel._id, sort: 'name' });
    expect(offered.body.map((s: { name: string }) => s.name)).toEqual(['Auditoría de higiene', 'Auditoría de piscinas', 'Control de legionela']);
    const tree = await api.post('/ms-core/api/categories/search-categories-subcategories', { type: 'TEMPLATE', sort: 'name' });
    expect(tree.body[0]).toMatchObject({ name: 'Higiene alimentaria', children: [expect.objectContaining({ name: 'Cocinas de hotel' })] });
  });

  it('gives each demo lab incident its history: raised on the extraction day, then its moves (decision 0058)', async () => {
    const { api } = await signIn(t.app, 'admin@demo.test', DEMO_PASSWORD);
    const solved = await api.post('/ms-core/api/lab-incidents/search', { filters: [{ field: 'status', value: 'SOLVED' }], size: 50 });
    expect(solved.body.length).toBeGreaterThan(0);
    for (const incident of solved.body as { _id: string; openDate: string }[]) {
      const history = (await api.get(`/ms-core/api/lab-incidents/${incident._id}/history`)).body as { kind: string; after: { status: string }; at: string }[];
      expect(history.map((h) => [h.kind, h.after.status])).toEqual([
        ['statusChanged', 'SOLVED'],
        ['statusChanged', 'RUNNING'],
        ['created', 'DRAFT'],
      ]);
      expect(history[2]!.at.slice(0, 10)).toBe(incident.openDate.slice(0, 10));
    }
  });

  it("keeps the second tenant's nomenclatures apart", async () => {
    const other = await signIn(t.app, 'admin@other.test', DEMO_PASSWORD);
    const types = await other.api.post('/ms-core/api/typeareas/search', { sort: 'name' });
    expect(types.body.map((x: { name: string }) => x.name)).toEqual(['Kitchen', 'Pool']);
    const demo = await signIn(t.app, 'auditor@demo.test', DEMO_PASSWORD);
    const demoTypes = await demo.api.post('/ms-core/api/typeareas/search', { size: 100 });
    expect(demoTypes.body.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Cocina', 'Piscina', 'Torre de refrigeración', 'Almacén']));
    expect(demoTypes.body.map((x: { name: string }) => x.name)).not.toContain('Pool');
  });
});

describe('demo seed: registers', () => {
  it('gives the hotel a living kitchen: four registers with months of readings, out of range, late and repeated ones, today half done', async () => {
    const { api } = await signIn(t.app, 'auditor@demo.test', DEMO_PASSWORD);
    const list = await api.post('/ms-registry/api/registers/search', { sort: 'name' });
    expect(list.body.map((r: { name: string }) => r.name).sort()).toEqual(
      [
        'Cloro y pH de la piscina exterior',
        'Control mensual de legionela (ACS)',
        'Temperaturas de cámaras frigoríficas',
        'Temperaturas de congeladores',
      ].sort(),
    );
    const fridges = list.body.find((r: { name: string }) => r.name.startsWith('Temperaturas de cámaras'));
    expect(fridges).toMatchObject({ areasTotal: 3, status: 'pending', hasData: true });
    const pending = await api.post('/ms-registry/api/registers/pending/check-all', {});
    expect(pending.body.total).toBeGreaterThanOrEqual(1);
    const logs = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ n: number; out: number; late: number }>(
        sql`select count(*)::int as n, count(*) filter (where out_of_range)::int as out, count(*) filter (where late)::int as late from register_logs where register_id = ${fridges._id}`,
      ),
    );
    const { n, out, late } = logs.rows[0]!;
    expect(n).toBeGreaterThan(300);
    expect(out).toBeGreaterThan(0);
    expect(late).toBeGreaterThan(0);
    const runs = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from register_logs where register_id = ${fridges._id} and values->0->>'value' = '3'`),
    );
    expect(runs.rows[0]!.n).toBeGreaterThanOrEqual(8);
    const staff = await signIn(t.app, 'cocina@demo.test', DEMO_PASSWORD);
    expect((await staff.api.post('/ms-registry/api/registers/search', {})).body).toHaveLength(4);
  });
});

describe('demo seed: incidents, corrective actions and lab data (issue 16)', () => {
  it('has incidents in every status with corrective actions in every status, and a year of lab reports with their incidents', async () => {
    const { api } = await signIn(t.app, 'auditor@demo.test', DEMO_PASSWORD);
    for (const status of INCIDENT_STATUSES) {
      const kinds = ['audits', 'others', 'measurements'];
      const found = await Promise.all(
        kinds.map((kind) =>
          api.post('/ms-core/api/issues/search-issues', {
            size: 1,
            filters: [
              { field: 'kind', value: kind },
              { field: 'status', value: status },
            ],
          }),
        ),
      );
      expect(
        found.reduce((n, res) => n + Number(res.headers['x-total-count'] ?? 0), 0),
        status,
      ).toBeGreaterThan(0);
    }
    for (const status of TASK_STATUSES) {
      const tasks = await api.post('/ms-core/api/tasks/search', { size: 1, filters: [{ field: 'status', value: status }] });
      expect(Number(tasks.headers['x-total-count'] ?? 0), status).toBeGreaterThan(0);
    }
    const span = await unsafeUnscoped(t.db, (tx) =>
      tx.execute<{ days: number; reports: number; incidents: number; statuses: number }>(
        sql`select (max(extraction_date) - min(extraction_date))::int as days, count(*)::int as reports,
                   (select count(*)::int from lab_incidents) as incidents, (select count(distinct status)::int from lab_incidents) as statuses
            from lab_reports`,
      ),
    );
    const lab = span.rows[0]!;
    expect(lab.days).toBeGreaterThanOrEqual(300);
    expect(lab.reports).toBeGreaterThanOrEqual(12);
    expect(lab.incidents).toBeGreaterThan(0);
    expect(lab.statuses).toBeGreaterThanOrEqual(2);
  });
});

describe('demo seed: the client manager', () => {
  it("gives the demo a client manager who sees the hotel's people and may invite", async () => {
    const manager = await signIn(t.app, 'gerente@demo.test', DEMO_PASSWORD);
    const me = await manager.api.get('/ms-core/api/users/me');
    expect(me.body.permissions).toEqual(expect.arrayContaining(['USER:MANAGEMENT', 'USER:READ', 'USER:INVITE', 'AUDIT:READ']));
    const people = await manager.api.post('/ms-core/api/users/search', { page: 0, size: 50 });
    expect(people.status).toBe(200);
    const emails = people.body.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['client@demo.test', 'gerente@demo.test', 'cocina@demo.test']));
    expect(emails).not.toContain('admin@other.test');
    expect((await manager.api.get('/ms-core/api/invites/roles')).status).toBe(200);
    // An ordinary client user still may not.
    const client = await signIn(t.app, 'client@demo.test', DEMO_PASSWORD);
    expect((await client.api.post('/ms-core/api/users/search', { page: 0, size: 50 })).status).toBe(403);
  });
});

describe('the start banner', () => {
  it("lists every demo account of the README's table, and each one exists", async () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('## Demo accounts'), readme.indexOf('## Working offline'));
    const documented = [...table.matchAll(/^\| `([^`]+@[^`]+)`\s+\|/gm)].map((m) => m[1]);
    expect(documented.length).toBeGreaterThanOrEqual(6);
    const listed = DEMO_ACCOUNTS.map((line) => line.split(/\s+/)[0]);
    expect(listed.sort()).toEqual([...documented].sort());
    const pending = await apiClient(t.app).post('/auth/api/signin', { username: 'pending@demo.test', password: DEMO_PASSWORD });
    expect(pending.body.reference).toBe('491');
    for (const email of documented.filter((e) => e !== 'pending@demo.test')) await signIn(t.app, email!, DEMO_PASSWORD);
  });
});
