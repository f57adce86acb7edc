import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { AUDITS, auditBody, auditTenant, type TAuditTenant } from '../../test/audits.js';
import { expectOk } from '../../test/templates.js';
import { addUser, signIn } from '../../test/factories.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';

/**
 * A space's days are counted in its time zone (decision 0015): Europe/Madrid unless the space or
 * one above it says otherwise. Before, the server took the UTC day of whatever instant it was sent.
 */
let t: TTestApp;
let f: TAuditTenant;
const STRUCTURES = '/ms-core/api/structures';
const create = (over: Record<string, unknown>) => f.admin.post(AUDITS, auditBody(f, over));

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'audtz');
});
afterAll(() => t.close());

describe("audit days in the establishment's time zone", () => {
  it('puts an audit started at 00:30 in Madrid on 2 March (23:30 UTC on 1 March) on 2 March', async () => {
    const res = await create({ startDate: '2026-03-01T23:30:00Z', date: ['2026-03-01T23:30:00Z', '2026-03-02T22:30:00Z'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      startDate: '2026-03-02T00:00:00.000Z',
      date: ['2026-03-02T00:00:00.000Z', '2026-03-02T23:59:59.999Z'],
      timeZone: 'Europe/Madrid',
    });
    // The same in summer (UTC+2) and on the day clocks go forward (last Sunday of March).
    const summer = await expectOk(create({ startDate: '2026-07-14T22:30:00+00:00', date: ['2026-07-14T22:15:00Z', '2026-07-15T21:59:00Z'] }));
    expect(summer).toMatchObject({ startDate: '2026-07-15T00:00:00.000Z', date: ['2026-07-15T00:00:00.000Z', '2026-07-15T23:59:59.999Z'] });
    const dst = await expectOk(create({ startDate: '2026-03-28T23:30:00Z', date: ['2026-03-28T23:00:00Z', '2026-03-29T21:59:59Z'] }));
    expect(dst).toMatchObject({ startDate: '2026-03-29T00:00:00.000Z', date: ['2026-03-29T00:00:00.000Z', '2026-03-29T23:59:59.999Z'] });
  });

  it('keeps a day sent as YYYY-MM-DD or as its UTC start and end (how the web sends a chosen day)', async () => {
    const plain = await expectOk(create({ startDate: '2026-03-02', date: ['2026-03-02', '2026-03-03'] }));
    expect(plain).toMatchObject({ startDate: '2026-03-02T00:00:00.000Z', date: ['2026-03-02T00:00:00.000Z', '2026-03-03T23:59:59.999Z'] });
    const web = await expectOk(create({ startDate: '2026-03-02T00:00:00.000Z', date: ['2026-03-02T00:00:00.000Z', '2026-03-03T23:59:59.999Z'] }));
    expect(web).toMatchObject({ startDate: '2026-03-02T00:00:00.000Z', date: ['2026-03-02T00:00:00.000Z', '2026-03-03T23:59:59.999Z'] });
  });

  it('reads a changed date range in the zone too', async () => {
    const audit = await expectOk(create({}));
    const res = await f.admin.patch(`${AUDITS}/${audit._id}/date`, { date: ['2026-10-24T22:30:00Z', '2026-10-25T23:30:00Z'] });
    expect(res.status).toBe(200);
    expect(res.body.date).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-26T23:59:59.999Z']);
  });
});

describe('the time zone of a space', () => {
  const client = () => f.tenant.client.id;
  const place = { address: 'Calle Mayor 1', zipCode: 28001 };

  it('is Europe/Madrid by default, for the session space and for a structure that sets none', async () => {
    expect((await expectOk(f.admin.get('/ms-core/api/spaces/current'))).timeZone).toBe('Europe/Madrid');
    expect((await expectOk(f.admin.get(`${STRUCTURES}/${client()}`))).timeZone).toBeNull();
  });

  it('refuses a name Intl does not know with TZ0001, in the language of the request', async () => {
    const es = await f.admin.patch(`${STRUCTURES}/${client()}`, { ...place, timeZone: 'Europe/Atlantis' });
    expect(es.status).toBe(400);
    expect(es.body).toMatchObject({ name: 'BADREQUESTERROR', reference: 'TZ0001', fields: ['timeZone'], message: 'La zona horaria no es válida.' });
    const en = await f.admin.call('PATCH', `${STRUCTURES}/${client()}`, { ...place, timeZone: 'Nowhere' }, { 'x-language': 'en' });
    expect(en.body).toMatchObject({ reference: 'TZ0001', message: 'The time zone is not valid.' });
    const created = await f.admin.post(STRUCTURES, { name: 'Zona rara', ...place, timeZone: 'UTC+1' });
    expect(created.body.reference).toBe('TZ0001');
  });

  it("is inherited by the spaces below unless they set their own, and counts the audits' days there", async () => {
    await expectOk(f.admin.patch(`${STRUCTURES}/${client()}`, { ...place, timeZone: 'America/New_York' }));
    expect((await expectOk(f.admin.get(`${STRUCTURES}/${client()}`))).timeZone).toBe('America/New_York');
    // 03:00 UTC on 2 March is still 1 March in New York: the establishment below the client inherits its zone.
    const west = await expectOk(create({ startDate: '2026-03-02T03:00:00Z', date: ['2026-03-02T03:00:00Z', '2026-03-02T03:00:00Z'] }));
    expect(west).toMatchObject({
      timeZone: 'America/New_York',
      startDate: '2026-03-01T00:00:00.000Z',
      date: ['2026-03-01T00:00:00.000Z', '2026-03-01T23:59:59.999Z'],
    });
    // A user of the client's space reads the same zone, though the spaces above theirs are out of their scope
    // (an auditor there: a client's USER sees the audit only once finished, decision 0061).
    const local = await addUser(t.db, {
      email: `local.${f.tenant.tag}@example.com`,
      firstName: 'Local',
      home: f.tenant.client,
      roleIds: [f.tenant.roles.auditor!],
      isAuditor: true,
    });
    expect((await expectOk((await signIn(t.app, local.email)).api.get(`${AUDITS}/${west._id}`))).timeZone).toBe('America/New_York');

    // The company (root) sets a zone: a client without its own takes it; null gives the inheritance back.
    await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update spaces set time_zone = 'Atlantic/Canary' where id = ${f.tenant.root.id}`));
    await expectOk(f.admin.patch(`${STRUCTURES}/${client()}`, { ...place, timeZone: null }));
    expect((await expectOk(f.admin.get(`${AUDITS}/${west._id}`))).timeZone).toBe('Atlantic/Canary');
    expect((await expectOk(f.admin.get('/ms-core/api/spaces/current'))).timeZone).toBe('Atlantic/Canary');
  });
});
