import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';
import { auditTenant, type TAuditTenant } from '../../test/audits.js';
import { addSpace } from '../../test/factories.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import type { TSeedSpace } from '../../seed/build.js';

const PLANS = '/ms-core/api/visit-plans';
const CONTRACTS = '/ms-core/api/contracts';
const AUDITS = '/ms-core/api/audits';
const YEAR = 2031;

let t: TTestApp;
let a: TAuditTenant;
let b: TAuditTenant;
let second: TSeedSpace;

type TVisit = {
  _id: string;
  date: string;
  plannedDate: string;
  status: string;
  audit: string | null;
  establishment: { _id: string };
  service: { _id: string };
  moved: boolean;
};

/** A structure's window fields, written as the client form would store them. */
const setWindow = (space: TSeedSpace, w: { open?: number | null; close?: number | null; visit?: number[]; notVisit?: number[] }) =>
  unsafeUnscoped(t.db, (tx) =>
    tx.execute(sql`insert into structure_details (space_id, secure_space_path, open_month, close_month, visit_days, not_visit_days)
      values (${space.id}, ${space.path}, ${w.open ?? null}, ${w.close ?? null}, ${`{${(w.visit ?? []).join(',')}}`}::smallint[], ${`{${(w.notVisit ?? []).join(',')}}`}::smallint[])
      on conflict (space_id) do update set open_month = excluded.open_month, close_month = excluded.close_month, visit_days = excluded.visit_days, not_visit_days = excluded.not_visit_days`),
  );

/** An ACTIVE contract of the tenant's client hiring `quantity` visits of its audit service. */
async function activeContract(f: TAuditTenant, quantity: number, over: object = {}) {
  const c = await expectOk(
    f.admin.post(CONTRACTS, {
      client: f.tenant.client.id,
      startDate: `${YEAR}-01-01`,
      endDate: `${YEAR}-12-31`,
      lines: [{ service: f.refs.service, quantity, unitPrice: 100 }],
      ...over,
    }),
  );
  await expectOk(f.admin.patch(`${CONTRACTS}/${c._id}/status`, { status: 'ACTIVE' }));
  return c._id as string;
}
const generate = (api: TApiClient, contract: string, year = YEAR) => api.post(`${PLANS}/generate`, { contract, year });
const visitsOf = async (f: TAuditTenant, contract: string): Promise<TVisit[]> =>
  expectOk(f.admin.get(`${PLANS}/visits?year=${YEAR}&client=${f.tenant.client.id}&contract=${contract}`));
const monthOf = (d: string) => Number(d.slice(5, 7));
const dayOf = (d: string) => Number(d.slice(8, 10));
const expect400 = (res: { status: number; body: { fields?: string[] } }, field?: string) => {
  expect(res.status).toBe(400);
  if (field) expect(res.body.fields).toContain(field);
};

beforeAll(async () => {
  t = await createTestApp();
  a = await auditTenant(t, 'vpa');
  b = await auditTenant(t, 'vpb');
  second = await addSpace(t.db, { name: `Second establishment ${a.tenant.tag}`, parent: a.tenant.client, type: 'ESTABLISHMENT' });
  // The client: open October to March (wrapping over the new year), visits on the 5th or 20th, never the 20th.
  await setWindow(a.tenant.client, { open: 10, close: 3, visit: [5, 20], notVisit: [20] });
  // The second establishment's own months (May to September) replace its client's.
  await setWindow(second, { open: 5, close: 9 });
}, 300_000);
afterAll(() => t.close());

describe('generating the year’s plan (decision 0089)', () => {
  it('shares the client’s yearly quantity among its establishments, each on its own window', async () => {
    const contract = await activeContract(a, 7);
    const done = await expectOk(generate(a.admin, contract));
    expect(done).toMatchObject({ created: 7, updated: 0, removed: 0, planned: 7, unplaced: 0 });
    const visits = await visitsOf(a, contract);
    expect(visits).toHaveLength(7);
    const first = visits.filter((v) => v.establishment._id === a.tenant.establishment.id);
    const other = visits.filter((v) => v.establishment._id === second.id);
    // Alphabetical order of the establishments: "Establishment …" gets the remainder.
    expect([first.length, other.length].sort()).toEqual([3, 4]);
    // The client's window: October..March (wrapping), the 5th only (the 20th is a not-visit day).
    for (const v of first) {
      expect(monthOf(v.date) <= 3 || monthOf(v.date) >= 10).toBe(true);
      expect(dayOf(v.date)).toBe(5);
    }
    // The second establishment's months, its client's visit days.
    for (const v of other) {
      expect(monthOf(v.date)).toBeGreaterThanOrEqual(5);
      expect(monthOf(v.date)).toBeLessThanOrEqual(9);
      expect(dayOf(v.date)).toBe(5);
    }
    expect(visits.every((v) => v.status === 'PROPOSED' && !v.moved)).toBe(true);
  });

  it('generating again duplicates nothing and keeps what the office moved, dropped or confirmed', async () => {
    const contract = await activeContract(a, 6);
    await expectOk(generate(a.admin, contract));
    const [v1, v2, v3] = (await visitsOf(a, contract)).filter((v) => v.establishment._id === a.tenant.establishment.id);
    const target = `${YEAR}-${String(monthOf(v1!.date)).padStart(2, '0')}-05` === v1!.date ? `${YEAR}-11-05` : `${YEAR}-01-05`;
    const moved = await expectOk(a.admin.patch(`${PLANS}/visits/${v1!._id}`, { date: target }));
    expect(moved).toMatchObject({ date: target, moved: true });
    await expectOk(a.admin.delete(`${PLANS}/visits/${v2!._id}`));
    await expectOk(a.admin.post(`${PLANS}/visits/confirm`, { visits: [v3!._id], auditor: a.tenant.auditor.id }));
    const again = await expectOk(generate(a.admin, contract));
    expect(again).toMatchObject({ created: 0, removed: 0, planned: 5 });
    const after = await visitsOf(a, contract);
    expect(after).toHaveLength(6);
    expect(after.find((v) => v._id === v1!._id)).toMatchObject({ date: target, status: 'PROPOSED' });
    expect(after.find((v) => v._id === v2!._id)!.status).toBe('DROPPED');
    expect(after.find((v) => v._id === v3!._id)!.status).toBe('CONFIRMED');
  });

  it('two generate requests at once make one plan, never a 5xx', async () => {
    const contract = await activeContract(a, 5);
    const answers = await Promise.all([generate(a.admin, contract), generate(a.admin, contract)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.created).sort()).toEqual([0, 5]);
    expect(await visitsOf(a, contract)).toHaveLength(5);
  });

  it('plans only an active contract, only inside its period', async () => {
    const draft = await expectOk(
      a.admin.post(CONTRACTS, { client: a.tenant.client.id, startDate: `${YEAR}-01-01`, lines: [{ service: a.refs.service, quantity: 2 }] }),
    );
    expect400(await generate(a.admin, draft._id), 'contract');
    const late = await activeContract(a, 2, { startDate: `${YEAR}-07-01`, endDate: `${YEAR}-08-31` });
    await expectOk(generate(a.admin, late));
    const visits = await visitsOf(a, late);
    // The first establishment is closed in July and August: its share has no day; the second's falls inside.
    expect(visits.filter((v) => v.date).every((v) => v.date >= `${YEAR}-07-01` && v.date <= `${YEAR}-08-31`)).toBe(true);
    expect400(await generate(a.admin, late, YEAR + 1), 'year');
  });
});

describe('generating the year of every active contract at once', () => {
  const Y = 2033;
  const inForce = (from: string, to: string) => ({ startDate: from, endDate: to });

  it('plans each active contract in force that year exactly as one by one would, and only those', async () => {
    const whole = await activeContract(a, 2, inForce(`${Y}-01-01`, `${Y}-12-31`));
    const half = await activeContract(a, 3, inForce(`${Y}-07-01`, `${Y + 1}-06-30`));
    const ended = await activeContract(a, 4, inForce(`${Y - 1}-01-01`, `${Y - 1}-12-31`));
    const draft = await expectOk(
      a.admin.post(CONTRACTS, { client: a.tenant.client.id, startDate: `${Y}-01-01`, lines: [{ service: a.refs.service, quantity: 6 }] }),
    );
    const theirs = await activeContract(b, 5, inForce(`${Y}-01-01`, `${Y}-12-31`));
    const done = await expectOk(a.admin.post(`${PLANS}/generate-year`, { year: Y }));
    expect(done).toEqual({ contracts: 2, created: 5, updated: 0, removed: 0, planned: 5, unplaced: 0 });
    const visits = async (f: TAuditTenant, contract: string): Promise<TVisit[]> =>
      expectOk(f.admin.get(`${PLANS}/visits?year=${Y}&client=${f.tenant.client.id}&contract=${contract}`));
    expect(await visits(a, whole)).toHaveLength(2);
    const halfVisits = await visits(a, half);
    expect(halfVisits).toHaveLength(3);
    for (const v of halfVisits) expect(v.date >= `${Y}-07-01`).toBe(true);
    expect(await visits(a, ended)).toHaveLength(0);
    expect(await visits(a, draft._id)).toHaveLength(0);
    // Another tenant's contract is not the caller's to plan.
    expect(await visits(b, theirs)).toHaveLength(0);
    // Again, and twice at once: nothing new, never a 5xx.
    const again = await Promise.all([a.admin.post(`${PLANS}/generate-year`, { year: Y }), a.admin.post(`${PLANS}/generate-year`, { year: Y })]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    for (const r of again) expect(r.body).toMatchObject({ contracts: 2, created: 0, planned: 5 });
    // The same plan as the one-contract call: generating one of them again finds everything there.
    expect(await expectOk(generate(a.admin, whole, Y))).toMatchObject({ created: 0, updated: 0, removed: 0, planned: 2 });
  });

  it('is the office’s: no CONTRACT:WRITE is 403, and bad years are 400', async () => {
    expect((await a.auditor.post(`${PLANS}/generate-year`, { year: Y })).status).toBe(403);
    expect((await a.client.post(`${PLANS}/generate-year`, { year: Y })).status).toBe(403);
    expect400(await a.admin.post(`${PLANS}/generate-year`, { year: 1999 }));
    expect400(await a.admin.post(`${PLANS}/generate-year`, { year: 'x\u0000'.repeat(10) }));
    expect400(await a.admin.post(`${PLANS}/generate-year`, {}));
  });
});

describe('proposals: move, assign, drop, confirm', () => {
  let contract: string;
  let visits: TVisit[];
  beforeAll(async () => {
    contract = await activeContract(a, 4);
    await expectOk(generate(a.admin, contract));
    visits = (await visitsOf(a, contract)).filter((v) => v.establishment._id === a.tenant.establishment.id);
  });

  it('refuses a day the window does not allow, and a day of another year', async () => {
    const id = visits[0]!._id;
    expect400(await a.admin.patch(`${PLANS}/visits/${id}`, { date: `${YEAR}-06-05` }), 'date'); // closed month
    expect400(await a.admin.patch(`${PLANS}/visits/${id}`, { date: `${YEAR}-11-20` }), 'date'); // not-visit day
    expect400(await a.admin.patch(`${PLANS}/visits/${id}`, { date: `${YEAR}-11-06` }), 'date'); // not a visit day
    expect400(await a.admin.patch(`${PLANS}/visits/${id}`, { date: `${YEAR + 1}-11-05` }), 'date');
    expect400(await a.admin.patch(`${PLANS}/visits/${id}`, { date: `${YEAR}-02-30` }), 'date');
    expect400(await a.admin.patch(`${PLANS}/visits/${id}`, { auditor: a.tenant.clientUser.id }), 'auditor');
  });

  it('assigns an auditor, and confirming creates exactly one audit even with two confirms at once', async () => {
    const id = visits[0]!._id;
    const assigned = await expectOk(a.admin.patch(`${PLANS}/visits/${id}`, { auditor: a.tenant.auditor.id }));
    expect(assigned.auditor._id).toBe(a.tenant.auditor.id);
    const [one, two] = await Promise.all([
      a.admin.post(`${PLANS}/visits/confirm`, { visits: [id] }),
      a.admin.post(`${PLANS}/visits/confirm`, { visits: [id] }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body[0].audit).toBeTruthy();
    expect(two.body[0].audit).toBe(one.body[0].audit);
    const audits = await expectOk(
      a.admin.post(`${AUDITS}/search`, {
        size: 50,
        filters: [
          { field: 'establishment', value: a.tenant.establishment.id },
          { field: 'startDate', operator: 'between', value: [`${YEAR}-01-01`, `${YEAR}-12-31`] },
        ],
      }),
    );
    expect(audits.filter((x: { _id: string }) => x._id === one.body[0].audit)).toHaveLength(1);
    const audit = await expectOk(a.admin.get(`${AUDITS}/${one.body[0].audit}`));
    expect(audit.status).toBe('draft');
    expect(audit.auditor._id ?? audit.auditor).toBe(a.tenant.auditor.id);
    // A confirmed visit is an audit now: it is moved in the calendar, not here, and not dropped.
    expect400(await a.admin.patch(`${PLANS}/visits/${id}`, { date: `${YEAR}-11-05` }), 'status');
    expect400(await a.admin.delete(`${PLANS}/visits/${id}`), 'status');
  });

  it('a confirm without an auditor is 400, and a dropped visit stays dropped (twice is the same)', async () => {
    const id = visits[1]!._id;
    expect400(await a.admin.post(`${PLANS}/visits/confirm`, { visits: [id] }), 'auditor');
    expect((await expectOk(a.admin.delete(`${PLANS}/visits/${id}`))).status).toBe('DROPPED');
    expect((await expectOk(a.admin.delete(`${PLANS}/visits/${id}`))).status).toBe('DROPPED');
    expect400(await a.admin.post(`${PLANS}/visits/confirm`, { visits: [id], auditor: a.tenant.auditor.id }), 'status');
  });
});

describe('hired vs planned vs done', () => {
  it('counts per client and contract; finished audits of the hired service are done', async () => {
    const contract = await activeContract(b, 3);
    let summary = await expectOk(b.admin.get(`${PLANS}/summary?year=${YEAR}`));
    let row = summary.clients.find((c: { client: { _id: string } }) => c.client._id === b.tenant.client.id);
    expect(row).toMatchObject({ hired: 3, planned: 0, done: 0, behind: true });
    expect(row.contracts[0]).toMatchObject({ _id: contract, generated: false });
    await expectOk(generate(b.admin, contract));
    const visits = await visitsOf(b, contract);
    const [confirmed] = await expectOk(b.admin.post(`${PLANS}/visits/confirm`, { visits: [visits[0]!._id], auditor: b.tenant.auditor.id }));
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update audits set status = 'finished', finished_date = now() where id = ${confirmed.audit}`));
    summary = await expectOk(b.admin.get(`${PLANS}/summary?year=${YEAR}&client=${b.tenant.client.id}`));
    row = summary.clients[0];
    expect(row).toMatchObject({ hired: 3, planned: 3, proposed: 2, confirmed: 1, done: 1 });
    expect(row.contracts[0]).toMatchObject({ hired: 3, planned: 3, done: 1, generated: true });
    // The other tenant's summary knows nothing of it.
    const other = await expectOk(a.admin.get(`${PLANS}/summary?year=${YEAR}`));
    expect(JSON.stringify(other)).not.toContain(b.tenant.client.id);
  });
});

describe('access and bad input', () => {
  it('another tenant’s contract, visit or client is 404 and never data', async () => {
    const contract = await activeContract(b, 1);
    await expectOk(generate(b.admin, contract));
    const [visit] = await visitsOf(b, contract);
    expect((await generate(a.admin, contract)).status).toBe(404);
    expect((await a.admin.patch(`${PLANS}/visits/${visit!._id}`, { date: `${YEAR}-01-05` })).status).toBe(404);
    expect((await a.admin.delete(`${PLANS}/visits/${visit!._id}`)).status).toBe(404);
    expect((await a.admin.post(`${PLANS}/visits/confirm`, { visits: [visit!._id], auditor: a.tenant.auditor.id })).status).toBe(404);
    expect((await a.admin.get(`${PLANS}/visits?year=${YEAR}&client=${b.tenant.client.id}`)).status).toBe(404);
  });

  it('people without CONTRACT permissions, and the client’s own people, get nothing', async () => {
    const contract = await activeContract(a, 1);
    expect((await generate(a.auditor, contract)).status).toBe(403);
    expect((await a.client.get(`${PLANS}/summary?year=${YEAR}`)).status).toBe(403);
    expect((await a.auditor.get(`${PLANS}/visits?year=${YEAR}&client=${a.tenant.client.id}`)).status).toBe(403);
  });

  it('refuses bad input with 400: years, NUL bytes, huge strings, unknown ids, empty lists', async () => {
    const contract = await activeContract(a, 1);
    expect400(await a.admin.post(`${PLANS}/generate`, { contract, year: -2026 }));
    expect400(await a.admin.post(`${PLANS}/generate`, { contract, year: 'x\u0000'.repeat(10) }));
    expect400(await a.admin.post(`${PLANS}/generate`, { contract: 'a'.repeat(100_000), year: YEAR }));
    expect((await a.admin.post(`${PLANS}/generate`, { contract: crypto.randomUUID(), year: YEAR })).status).toBe(404);
    expect400(await a.admin.post(`${PLANS}/visits/confirm`, { visits: [] }));
    expect400(await a.admin.post(`${PLANS}/visits/confirm`, { visits: ['\u0000'] }));
    expect((await a.admin.post(`${PLANS}/visits/confirm`, { visits: [crypto.randomUUID()], auditor: a.tenant.auditor.id })).status).toBe(404);
    expect400(await a.admin.patch(`${PLANS}/visits/${crypto.randomUUID()}`, {}));
    expect400(await a.admin.patch(`${PLANS}/visits/${crypto.randomUUID()}`, { date: `${YEAR}-01-05\u0000` }));
    expect400(await a.admin.patch(`${PLANS}/visits/${crypto.randomUUID()}`, { date: 'x'.repeat(1_000_000) }));
    expect((await a.admin.patch(`${PLANS}/visits/${crypto.randomUUID()}`, { date: `${YEAR}-01-05` })).status).toBe(404);
    expect400(await a.admin.get(`${PLANS}/summary?year=abc`));
    expect400(await a.admin.get(`${PLANS}/visits?year=${YEAR}&client=%00`));
    // A negative quantity never makes a contract to plan from.
    expect400(await a.admin.post(CONTRACTS, { client: a.tenant.client.id, startDate: `${YEAR}-01-01`, lines: [{ service: a.refs.service, quantity: -4 }] }));
  });
});
