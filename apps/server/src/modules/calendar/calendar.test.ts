import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { createTestApp, apiClient, type TApiClient, type TTestApp } from '../../test/harness.js';
import { AUDITS, auditBody, auditTenant, type TAuditTenant } from '../../test/audits.js';
import { addSpace, addUser, signIn } from '../../test/factories.js';
import { expectOk } from '../../test/templates.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { createRole } from '../../seed/build.js';

const CAL = '/ms-core/api/calendar';
const visitsOf = (api: TApiClient, query: string) => api.get(`${CAL}/visits?${query}`);
const MARCH = 'from=2030-03-01&to=2030-03-31';

let t: TTestApp;
let f: TAuditTenant;
let other: TAuditTenant;
const ids: Record<string, string> = {};
let second: { client: string; establishment: string };
let clientOneWriter: TApiClient;

/** An audit of the tenant on these days (the start date the first day). */
const plan = async (first: string, last = first, over: Record<string, unknown> = {}, api = f.admin) =>
  (await expectOk(api.post(AUDITS, auditBody(f, { startDate: `${first}T10:00:00.000Z`, date: [`${first}T10:00:00.000Z`, `${last}T10:00:00.000Z`], ...over }))))
    ._id as string;

/** Sets a structure's visit window fields (the client's form writes the same columns). */
const setWindow = (spaceId: string, w: { open?: number | null; close?: number | null; visit?: number[]; notVisit?: number[] }) =>
  unsafeUnscoped(t.db, (tx) =>
    tx.execute(sql`
      insert into structure_details (space_id, secure_space_path, open_month, close_month, visit_days, not_visit_days)
      select id, secure_space_path, ${w.open ?? null}::smallint, ${w.close ?? null}::smallint, ${`{${(w.visit ?? []).join(',')}}`}::smallint[], ${`{${(w.notVisit ?? []).join(',')}}`}::smallint[]
      from spaces where id = ${spaceId}
      on conflict (space_id) do update set open_month = excluded.open_month, close_month = excluded.close_month,
        visit_days = excluded.visit_days, not_visit_days = excluded.not_visit_days`),
  );
const dateOf = async (id: string) => ((await expectOk(f.admin.get(`${AUDITS}/${id}`))) as { date: [string, string] }).date;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'cal');
  other = await auditTenant(t, 'calb');
  ids.a = await plan('2030-03-05');
  ids.b = await plan('2030-03-20', '2030-03-21');
  ids.april = await plan('2030-04-10');
  ids.spans = await plan('2030-02-27', '2030-03-02');
  // A second client of the same company, with its own establishment and audit.
  const client = await addSpace(t.db, { name: `Second ${f.tenant.tag}`, parent: f.tenant.root });
  const establishment = await addSpace(t.db, { name: `Second est ${f.tenant.tag}`, parent: client, type: 'ESTABLISHMENT' });
  second = { client: client.id, establishment: establishment.id };
  await expectOk(
    f.admin.post(`/ms-core/api/spaces/${establishment.id}/services-templates-goal`, {
      servicesTemplatesGoal: [{ service: f.refs.service, valueGoal: 80, templates: [] }],
    }),
  );
  ids.second = await plan('2030-03-06', '2030-03-06', { client: client.id, establishment: establishment.id });
  // Someone of the first client who plans its audits (sees unfinished ones) but not the second client's.
  const role = await unsafeUnscoped(t.db, (tx) =>
    createRole(tx, f.tenant.root, { name: `planner-${f.tenant.tag}`, permissions: ['AUDIT:READ', 'AUDIT:WRITE'] }),
  );
  const user = await addUser(t.db, { email: `planner.${f.tenant.tag}@example.com`, firstName: 'Plan', home: f.tenant.client, roleIds: [role] });
  clientOneWriter = (await signIn(t.app, user.email)).api;
});
afterAll(async () => t?.close());

describe('visits of a range', () => {
  it('lists the audits whose days meet the range, with what they point at, in date order', async () => {
    const page = await expectOk(visitsOf(f.admin, MARCH));
    expect(page.items.map((v: { _id: string }) => v._id)).toEqual([ids.spans, ids.a, ids.second, ids.b]);
    const b = page.items.find((v: { _id: string }) => v._id === ids.b);
    expect(b).toMatchObject({
      status: 'draft',
      from: '2030-03-20',
      to: '2030-03-21',
      client: { _id: f.tenant.client.id, name: f.tenant.client.name },
      establishment: { _id: f.tenant.establishment.id },
      service: { _id: f.refs.service },
      auditor: { _id: f.tenant.auditor.id, name: expect.stringContaining('Auditor') },
      templateName: 'Higiene',
      canMove: true,
    });
    expect(Object.keys(page.windows)).toEqual(expect.arrayContaining([f.tenant.establishment.id, second.establishment]));
  });

  it('a week reads only its days', async () => {
    const page = await expectOk(visitsOf(f.admin, 'from=2030-03-18&to=2030-03-24'));
    expect(page.items.map((v: { _id: string }) => v._id)).toEqual([ids.b]);
  });

  it('filters by client, establishment, auditor and service', async () => {
    const only = async (query: string) => (await expectOk(visitsOf(f.admin, `${MARCH}&${query}`))).items.map((v: { _id: string }) => v._id);
    expect(await only(`client=${second.client}`)).toEqual([ids.second]);
    expect(await only(`establishment=${f.tenant.establishment.id}`)).toEqual([ids.spans, ids.a, ids.b]);
    expect(await only(`auditor=${f.tenant.auditor.id}`)).toHaveLength(4);
    expect(await only(`auditor=${f.tenant.admin.id}`)).toEqual([]);
    expect(await only(`service=${f.refs.service}`)).toHaveLength(4);
    expect(await only(`service=${other.refs.service}`)).toEqual([]);
  });

  it('another tenant sees none of them, even naming their ids', async () => {
    expect((await expectOk(visitsOf(other.admin, MARCH))).items).toEqual([]);
    expect((await expectOk(visitsOf(other.admin, `${MARCH}&client=${f.tenant.client.id}`))).items).toEqual([]);
  });

  it("a client's planner sees its own client's visits, never another client's, even by its id", async () => {
    const mine = await expectOk(visitsOf(clientOneWriter, MARCH));
    expect(mine.items.map((v: { _id: string }) => v._id)).toEqual([ids.spans, ids.a, ids.b]);
    expect((await expectOk(visitsOf(clientOneWriter, `${MARCH}&client=${second.client}`))).items).toEqual([]);
  });

  it("a client's user (who sees only finished audits, as in the list) sees no planned visit and may move none", async () => {
    expect((await expectOk(visitsOf(f.client, MARCH))).items).toEqual([]);
    // Without AUDIT:WRITE the date call is refused before anything is read (452).
    const res = await f.client.patch(`${AUDITS}/${ids.a}/date`, { date: ['2030-03-06', '2030-03-06'] });
    expect([res.status, res.body.reference]).toEqual([403, '452']);
    expect(await dateOf(ids.a)).toEqual(['2030-03-05T00:00:00.000Z', '2030-03-05T23:59:59.999Z']);
  });

  it('refuses bad input: inverted or too long ranges, NUL bytes, huge strings, bad ids', async () => {
    const bad = async (query: string) => expect((await visitsOf(f.admin, query)).status).toBe(400);
    await bad('from=2030-03-31&to=2030-03-01');
    await bad('from=2030-01-01&to=2030-06-30');
    await bad('from=2030-03-01%00&to=2030-03-31');
    await bad(`from=${'9'.repeat(100_000)}&to=2030-03-31`);
    await bad('from=2030-02-30&to=2030-03-31');
    await bad('to=2030-03-31');
    expect([400, 412]).toContain((await visitsOf(f.admin, `${MARCH}&client=${encodeURIComponent('x\u0000y')}`)).status);
  });
});

describe('moving a visit respects the visit window', () => {
  const move = (id: string, day: string, api = f.admin) => api.patch(`${AUDITS}/${id}/date`, { date: [day, day] });
  const refused = async (id: string, day: string, reference: string, message: RegExp) => {
    const before = await dateOf(id);
    const res = await move(id, day);
    expect([res.status, res.body.reference]).toEqual([400, reference]);
    expect(res.body.fields).toEqual(['date']);
    expect(res.body.message).toMatch(message);
    expect(await dateOf(id)).toEqual(before);
  };

  it('refuses a month outside the open months (VIS0001), wrapping over the new year', async () => {
    await setWindow(f.tenant.client.id, { open: 10, close: 3 });
    const id = await plan('2030-03-07');
    await refused(id, '2030-04-02', 'VIS0001', /mes/);
    expect((await move(id, '2030-11-02')).status).toBe(200);
    expect(await dateOf(id)).toEqual(['2030-11-02T00:00:00.000Z', '2030-11-02T23:59:59.999Z']);
  });

  it('refuses a not-visit day (VIS0002) and a day off the visit days (VIS0003); an establishment’s own days win', async () => {
    await setWindow(f.tenant.client.id, { notVisit: [13] });
    const id = await plan('2030-05-07');
    await refused(id, '2030-05-13', 'VIS0002', /sin visitas/);
    await setWindow(f.tenant.client.id, { visit: [5, 20] });
    await refused(id, '2030-05-08', 'VIS0003', /días de visita/);
    expect((await move(id, '2030-05-20')).status).toBe(200);
    await setWindow(f.tenant.establishment.id, { visit: [8] });
    expect((await move(id, '2030-05-08')).status).toBe(200);
    await setWindow(f.tenant.establishment.id, {});
  });

  it('reads the day in the space’s time zone and answers in the user’s language', async () => {
    await setWindow(f.tenant.client.id, { visit: [5] });
    const id = await plan('2030-06-01');
    // 4 June 23:30 UTC is 5 June in Madrid.
    expect((await f.admin.patch(`${AUDITS}/${id}/date`, { date: ['2030-06-04T23:30:00Z', '2030-06-04T23:30:00Z'] })).status).toBe(200);
    const english = await f.admin.call('PATCH', `${AUDITS}/${id}/date`, { date: ['2030-06-06', '2030-06-06'] }, { 'accept-language': 'en' });
    expect(english.body).toMatchObject({ reference: 'VIS0003', message: 'That day is not one of the client’s visit days.' });
    await setWindow(f.tenant.client.id, {});
  });

  it('the calendar carries each establishment’s window, so the web marks refused days with the same rule', async () => {
    await setWindow(f.tenant.client.id, { open: 3, close: 10, visit: [5, 20], notVisit: [13] });
    const page = await expectOk(visitsOf(f.admin, MARCH));
    expect(page.windows[f.tenant.establishment.id]).toEqual({ openMonth: 3, closeMonth: 10, visitDays: [5, 20], notVisitDays: [13] });
    await setWindow(f.tenant.client.id, {});
  });
});

describe('the iCalendar link', () => {
  const path = (url: string) => new URL(url).pathname;
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: path(url) });

  it('makes a private link whose feed lists the auditor’s visits as RFC 5545', async () => {
    expect(await expectOk(f.auditor.get(`${CAL}/feed-link`))).toEqual({ active: false, url: null, createdAt: null });
    // A visit whose names need escaping and folding.
    const today = new Date().toISOString().slice(0, 10);
    const id = await plan(today, today);
    const link = await expectOk(f.auditor.post(`${CAL}/feed-link`));
    expect(link.url).toMatch(/\/ms-core\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await expectOk(f.auditor.get(`${CAL}/feed-link`))).active).toBe(true);
    const res = await fetchFeed(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body.replaceAll('\r\n', '')).not.toMatch(/\n/);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const event = events.find((e) => e.uid === `${id}@visits.audit`)!;
    expect(event.summary).toContain('Higiene');
    expect(event.startDate.toString()).toBe(today);
    expect(event.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    // The March 2030 visits are more than 12 months ahead: outside the feed's range.
    expect(events.find((e) => e.uid === `${ids.a}@visits.audit`)).toBeUndefined();
  });

  it('escapes text and folds long lines so a parser reads them back whole', async () => {
    const { icsCalendar } = await import('./ics.js');
    const summary = `Cocina; sala, "terraza" \\ ${'ñ'.repeat(60)}\nsegunda\u0000línea`;
    const text = icsCalendar('Visitas', [{ uid: 'x@y', start: '2030-03-05', endExclusive: '2030-03-06', summary }]);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(summary.replace('\u0000', ''));
  });

  it('rotating ends the old link; revoking ends the link; an unknown token is 404', async () => {
    const first = await expectOk(f.auditor.post(`${CAL}/feed-link`));
    const rotated = await expectOk(f.auditor.post(`${CAL}/feed-link`));
    expect((await fetchFeed(first.url)).statusCode).toBe(404);
    expect((await fetchFeed(rotated.url)).statusCode).toBe(200);
    expect(await expectOk(f.auditor.delete(`${CAL}/feed-link`))).toEqual({ active: false, url: null, createdAt: null });
    expect((await fetchFeed(rotated.url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${CAL}/feed/${'a'.repeat(43)}.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${CAL}/feed/short.ics` })).statusCode).toBe(404);
    // NUL bytes in a URL are refused by the platform before any route (400), never a 5xx.
    expect([400, 404]).toContain((await t.app.inject({ method: 'GET', url: `${CAL}/feed/${'%00'.repeat(40)}.ics` })).statusCode);
  });

  it('parallel rotations leave one link, never a 5xx', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => f.auditor.post(`${CAL}/feed-link`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const working = await Promise.all(answers.map((a) => fetchFeed(a.body.url)));
    expect(working.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('a link needs a session to be made; each user only has their own', async () => {
    expect((await apiClient(t.app).post(`${CAL}/feed-link`)).status).toBe(401);
    const mine = await expectOk(f.admin.post(`${CAL}/feed-link`));
    await expectOk(f.auditor.delete(`${CAL}/feed-link`));
    expect((await fetchFeed(mine.url)).statusCode).toBe(200);
  });
});
