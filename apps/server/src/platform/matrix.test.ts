import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import { hasPermissions } from '@audit/domain/permissions';
import { AUDITS, auditBody, auditIds, auditTenant, runningAudit, select, type TAuditTenant } from '../test/audits.js';
import { finishedAuditWithIncidents } from '../test/incidents.js';
import { addUser, signIn } from '../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp, isNotReadyByDesign } from '../test/harness.js';
import { pathParams, sampleRequest } from '../test/sample.js';
import { kindOf, mainKind, objectsOf } from '../test/route-objects.js';
import { expectOk, SECTIONS, TEMPLATES } from '../test/templates.js';

/**
 * Role x tenant x action over every route the app registers (new routes are covered without
 * editing this file). Tenant A's users of every default role call each route with tenant B's
 * identifiers of the kind the route takes (audit, section, question, answer, issue, file, share
 * link, template and its tree, user, role, client, establishment, area, catalogue rows):
 *  - a role without the route's permissions gets 403 (452), whatever the id;
 *  - a role with them is never refused for lack of permission, and never gets B's data: no 2xx
 *    on a route that names a B object in its path, none of B's ids or names in any answer;
 *  - no 5xx, and never 401 for a valid session.
 * Then, inside one tenant, each object's `can` agrees with what the server lets each role do.
 * One app and one shared setup keep it fast.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'audit-matrix-'));
let t: TTestApp;
let a: TAuditTenant;
let b: TAuditTenant;
let foreign: Record<string, string>;
const callers: { role: string; permissions: string[]; api: TApiClient }[] = [];

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  [a, b] = [await auditTenant(t, 'mxa'), await auditTenant(t, 'mxb')];
  foreign = { ...(await objectsOf(t, b)), feedToken: 'x'.repeat(43) };
  const roleUser = async (name: string) => {
    const user = await addUser(t.db, { email: `${name}.${a.tenant.tag}@example.com`, firstName: name, home: a.tenant.root, roleIds: [a.tenant.roles[name]!] });
    return (await signIn(t.app, user.email)).api;
  };
  const permissionsOf = (name: string) => DEFAULT_ROLES.find((r) => r.name === name)!.permissions;
  callers.push(
    { role: 'SPACE_ADMIN', permissions: permissionsOf('SPACE_ADMIN'), api: a.admin },
    { role: 'auditor', permissions: permissionsOf('auditor'), api: a.auditor },
    { role: 'USER', permissions: permissionsOf('USER'), api: a.client },
    { role: 'worker', permissions: permissionsOf('worker'), api: await roleUser('worker') },
    { role: 'laboratory', permissions: permissionsOf('laboratory'), api: await roleUser('laboratory') },
  );
}, 300_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('role x tenant x action on every route', () => {
  it('every kind of foreign id is exercised', () => {
    const kinds = new Set(t.app.routeTable.flatMap((r) => pathParams(r.url).map((p) => kindOf(r.url, p))));
    for (const kind of [
      'audit',
      'auditSection',
      'auditQuestion',
      'answer',
      'issue',
      'evidence',
      'file',
      'template',
      'templateSection',
      'templateQuestion',
      'incident',
      'user',
      'role',
      'client',
      'establishment',
      'area',
      'register',
      'registerTemplate',
      'registerSection',
      'registerField',
      'registerParam',
      'typology',
      'labReport',
      'labIncident',
      'employee',
      'plannedVisit',
      'document',
      'documentFolder',
      'documentVersion',
    ]) {
      if (kind !== 'issue') expect(kinds).toContain(kind);
    }
  });

  for (const who of ['SPACE_ADMIN', 'auditor', 'USER', 'worker', 'laboratory']) {
    it(`${who} of tenant A: exactly its permissions, nothing of tenant B`, async () => {
      const caller = callers.find((c) => c.role === who)!;
      const secrets = [...Object.values(foreign), b.tenant.tag];
      const problems: string[] = [];
      let refused = 0;
      let calls = 0;
      for (const route of t.app.routeTable) {
        if (route.url.startsWith('/test')) continue;
        calls++;
        const kind = mainKind(route.url);
        const id = foreign[kind]!;
        const url = route.url.replace(/:([A-Za-z_]+)/g, (_, p: string) => foreign[kindOf(route.url, p)]!);
        // Issues are named in bodies (the issue field of the running calls).
        const bodyId = route.url.includes('/questions/:questionId/') ? foreign.issue! : id;
        const { qs, body } = sampleRequest(route, id, bodyId);
        const res = await caller.api.call(route.method as 'GET', `${url}${qs}`, body);
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
        const at = `${route.method} ${route.url}`;
        const required = route.access && 'permissions' in route.access ? route.access.permissions : null;
        if (required) {
          const allowed = caller.permissions.includes('ADMIN') || hasPermissions(caller.permissions, required);
          const forbidden = res.status === 403 && res.body?.reference === '452';
          if (!allowed && !forbidden) problems.push(`${at}: ${res.status} without ${required.join(', ')} (expected 403 452)`);
          if (allowed && forbidden) problems.push(`${at}: 452 although ${who} holds ${required.join(', ') || 'nothing needed'}`);
          if (!allowed) refused++;
          if (allowed && pathParams(route.url).length && res.status < 300) problems.push(`${at}: ${res.status} on tenant B's ${kind}`);
        }
        if (res.status >= 500 && !isNotReadyByDesign(route.method, route.url, res.status)) problems.push(`${at}: ${res.status} ${text.slice(0, 160)}`);
        if (res.status === 401 && required) problems.push(`${at}: 401 for a valid session`);
        const leaked = secrets.filter((s) => text.includes(s));
        if (leaked.length) problems.push(`${at}: ${res.status} leaks ${leaked.join(', ')}`);
      }
      expect(problems).toEqual([]);
      expect(calls).toBe(t.app.routeTable.filter((r) => !r.url.startsWith('/test')).length);
      // The administrator holds everything; every other role is refused somewhere.
      if (who === 'SPACE_ADMIN') expect(refused).toBe(0);
      else expect(refused).toBeGreaterThan(0);
    }, 120_000);
  }
});

/**
 * What a client's people see before the company is done (decision 0061): an audit only once it is
 * finished (never draft, running or reopened), a lab incident only from RUNNING on (never DRAFT).
 * Every audit, questionnaire, report, PDF and lab incident route is called by each client-side role
 * (USER in the client's space; worker, a role without AUDIT:WRITE, even at the company's root) with
 * the ids of unfinished audits and of a DRAFT lab incident: a route naming one answers 404 (415), as
 * another tenant's id, or 452 when the role lacks the route's permission; no answer carries the ids.
 */
describe('what a client sees before it is finished (decision 0061)', () => {
  const LAB_INCIDENTS = '/ms-core/api/lab-incidents';
  const COVERED = new Set(['audits', 'questionnaire-ies', 'reports', 'lab-incidents']);
  type THidden = { audit: string; section: string; question: string; status: string };
  const hidden: THidden[] = [];
  let finished: string;
  let draftReport: string;
  let draftLab: string;
  let runningLab: string;

  const labReport = async (number: string) => {
    const report = await expectOk(
      a.admin.post('/ms-core/api/lab-reports', {
        category: 'legionella',
        number,
        space: a.tenant.establishment.id,
        extractionDate: '2026-03-02',
        results: [{ parameter: 'Legionella spp.', value: 1500, maxValue: 1000 }],
      }),
    );
    const [incident] = await expectOk(a.admin.post(`${LAB_INCIDENTS}/search`, { filters: [{ field: 'report', value: report._id }] }));
    return { report: report._id as string, incident: incident._id as string };
  };
  const ofAudit = async (id: string) => {
    const audit = await expectOk(a.admin.get(`${AUDITS}/${id}`));
    const ids = auditIds(audit);
    return { audit: id, section: ids.facilities, question: ids.floors, status: audit.status as string };
  };

  beforeAll(async () => {
    const draft = await expectOk(a.admin.post(AUDITS, auditBody(a)));
    const running = await runningAudit(a);
    await expectOk(
      a.auditor.post(`${AUDITS}/${running.id}/answer/add`, {
        section: running.ids.facilities,
        question: running.ids.floors,
        templateAnswer: select(a.tpl.options.no),
      }),
    );
    const reopened = await finishedAuditWithIncidents(t, a);
    await expectOk(a.admin.patch(`${AUDITS}/${reopened.auditId}/share`, { enabled: true }));
    await expectOk(a.admin.patch(`${AUDITS}/${reopened.auditId}/reopen`));
    hidden.push(await ofAudit(draft._id), await ofAudit(running.id), await ofAudit(reopened.auditId));
    finished = (await finishedAuditWithIncidents(t, a)).auditId;
    const drafted = await labReport(`V-DRAFT-${a.tenant.tag}`);
    [draftReport, draftLab] = [drafted.report, drafted.incident];
    runningLab = (await labReport(`V-RUN-${a.tenant.tag}`)).incident;
    await expectOk(a.admin.patch(`${LAB_INCIDENTS}/${runningLab}/status`, { status: 'RUNNING' }));
  }, 120_000);

  it('the unfinished audits are draft, running and reopened (running again)', () => {
    expect(hidden.map((h) => h.status)).toEqual(['draft', 'running', 'running']);
  });

  for (const who of ['USER', 'worker']) {
    it(`${who}: every audit, report, PDF and lab incident route answers an unfinished audit and a DRAFT lab incident as not found`, async () => {
      const caller = callers.find((c) => c.role === who)!;
      const problems: string[] = [];
      let checked = 0;
      for (const route of t.app.routeTable) {
        const base = route.url.split('/')[3] ?? '';
        if (!COVERED.has(base) || route.url.startsWith('/test')) continue;
        const required = route.access && 'permissions' in route.access ? route.access.permissions : [];
        const allowed = hasPermissions(caller.permissions, required);
        for (const h of base === 'lab-incidents' ? [null] : hidden) {
          const secrets = h ? [h.audit, h.section, h.question] : [draftLab];
          const valueOf = (param: string) => {
            if (!h) return draftLab;
            if (param === 'sectionId') return h.section;
            if (param === 'questionId') return h.question;
            return h.audit;
          };
          const url = route.url.replace(/:([A-Za-z_]+)/g, (_, p: string) => valueOf(p));
          const id = h ? h.audit : draftLab;
          const { qs, body } = sampleRequest(route, id);
          const res = await caller.api.call(route.method as 'GET', `${url}${qs}`, body);
          const at = `${route.method} ${route.url} (${h ? h.status : 'DRAFT lab incident'})`;
          const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
          checked++;
          if (pathParams(route.url).length) {
            const expected = allowed || !required.length ? [404, '415'] : [403, '452'];
            const got = [res.status, res.body?.reference];
            if (got[0] !== expected[0] || got[1] !== expected[1]) problems.push(`${at}: ${got.join(' ')} (expected ${expected.join(' ')})`);
          } else if (res.status >= 500 && !isNotReadyByDesign(route.method, route.url, res.status)) problems.push(`${at}: ${res.status}`);
          const leaked = secrets.filter((s) => text.includes(s));
          if (leaked.length) problems.push(`${at}: ${res.status} leaks ${leaked.join(', ')}`);
        }
      }
      // The lists themselves, asked plainly: no unfinished audit, no DRAFT lab incident.
      for (const [path, secrets] of [
        [`${AUDITS}/search`, hidden.map((h) => h.audit)],
        [`${LAB_INCIDENTS}/search`, [draftLab]],
      ] as const) {
        const res = await caller.api.post(path, { size: 200 });
        const leaked = secrets.filter((s) => JSON.stringify(res.body).includes(s));
        if (leaked.length) problems.push(`POST ${path}: ${res.status} lists ${leaked.join(', ')}`);
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(40);
    }, 120_000);
  }

  it('USER: the finished audit, its report, questionnaire and PDF request, and a RUNNING lab incident are seen', async () => {
    const client = a.client;
    expect((await expectOk(client.get(`${AUDITS}/${finished}`)))._id).toBe(finished);
    expect((await expectOk(client.get(`/ms-core/api/reports/audit/${finished}`)))._id).toBe(finished);
    expect((await client.get(`/ms-core/api/questionnaire-ies/${finished}`)).status).toBe(200);
    expect((await client.post(`/ms-core/api/reports/audit/${finished}/pdf`)).status).toBe(200);
    const list = await expectOk(client.post(`${AUDITS}/search`, { size: 200 }));
    expect(list.map((x: { _id: string }) => x._id)).toContain(finished);
    expect(list.every((x: { status: string }) => x.status === 'finished')).toBe(true);
    expect((await expectOk(client.get(`${LAB_INCIDENTS}/${runningLab}`))).status).toBe('RUNNING');
    expect((await client.get(`${LAB_INCIDENTS}/${runningLab}/history`)).status).toBe(200);
    const labs = await expectOk(client.post(`${LAB_INCIDENTS}/search`, { size: 200 }));
    expect(labs.map((x: { _id: string }) => x._id)).toContain(runningLab);
  });

  it("USER: a report whose only incident is DRAFT counts none open and exports nothing; the company's people see it", async () => {
    const mine = await expectOk(a.client.get(`/ms-core/api/lab-reports/${draftReport}`));
    expect(mine.openIncidents).toBe(0);
    const exported = await a.client.post(`${LAB_INCIDENTS}/export-excel`, { filters: [{ field: 'report', value: draftReport }] });
    expect([exported.status, exported.body?.reference]).toEqual([404, '832']);
    expect((await expectOk(a.admin.get(`/ms-core/api/lab-reports/${draftReport}`))).openIncidents).toBe(1);
    expect((await a.admin.post(`${LAB_INCIDENTS}/export-excel`, { filters: [{ field: 'report', value: draftReport }] })).status).toBe(200);
    const laboratory = callers.find((c) => c.role === 'laboratory')!.api;
    expect((await expectOk(laboratory.get(`${LAB_INCIDENTS}/${draftLab}`))).status).toBe('DRAFT');
  });

  it("the company's people (administrator, auditor) still see every unfinished audit", async () => {
    for (const h of hidden) {
      for (const api of [a.admin, a.auditor]) expect((await api.get(`${AUDITS}/${h.audit}`)).status).toBe(200);
    }
    const list = await expectOk(a.auditor.post(`${AUDITS}/search`, { size: 200 }));
    expect(hidden.every((h) => list.some((x: { _id: string }) => x._id === h.audit))).toBe(true);
  });
});

describe("each object's can agrees with what the server does", () => {
  it('audits: the assigned auditor and an administrator run it (decision 0020); another auditor reads it only; a client does not see it running (0061)', async () => {
    const { id, ids } = await runningAudit(a);
    const other = await addUser(t.db, {
      email: `auditor2.${a.tenant.tag}@example.com`,
      firstName: 'Other',
      home: a.tenant.root,
      roleIds: [a.tenant.roles.auditor!],
      isAuditor: true,
    });
    const otherApi = (await signIn(t.app, other.email)).api;
    const note = `${AUDITS}/${id}/sections/${ids.facilities}/questions/${ids.floors}/note`;
    const cases: [string, TApiClient, boolean, string | null][] = [
      ['assigned auditor', a.auditor, true, null],
      ['administrator', a.admin, true, null],
      ['another auditor', otherApi, false, '494'],
    ];
    for (const [name, api, runs, refusal] of cases) {
      const audit = await expectOk(api.get(`${AUDITS}/${id}`));
      expect({ name, can: audit.can }).toEqual({
        name,
        can: { read: true, update: runs || name === 'another auditor', assign: false, start: false, run: runs, reopen: false, share: false },
      });
      const res = await api.patch(note, { note: `by ${name}` });
      expect({ name, status: res.status, reference: res.body?.reference ?? null }).toEqual({ name, status: runs ? 200 : 403, reference: refusal });
    }
    expect([(await a.client.get(`${AUDITS}/${id}`)).status, (await a.client.patch(note, { note: 'by client' })).body?.reference]).toEqual([404, '452']);
  });

  it('templates: an ancestor space reads the company template but may not change it; the company may', async () => {
    const admin = await expectOk(a.admin.get(`${TEMPLATES}/${a.tpl.template}`));
    expect(admin.can).toEqual({ update: true, delete: true, duplicate: true });
    const auditor = await expectOk(a.auditor.get(`${TEMPLATES}/${a.tpl.template}`));
    expect(auditor.can).toEqual({ update: false, delete: false, duplicate: false });
    expect((await a.auditor.patch(`${TEMPLATES}/${a.tpl.template}`, { name: 'x' })).status).toBe(403);
    const section = admin.sections[0]._id;
    expect((await a.auditor.patch(`${SECTIONS}/${section}`, { title: 'x' })).status).toBe(403);
  });

  it('users: never delete or lock yourself, as can says', async () => {
    const me = await expectOk(a.admin.get('/ms-core/api/users/me'));
    expect(me.can).toMatchObject({ update: true, delete: false, changeStatus: false, email: false, resetPassword: true });
    expect(me.registersAccess).toEqual([]);
    expect(me.labDataAccess).toEqual([]);
    expect((await a.admin.delete(`/ms-core/api/users/${me._id}`)).status).toBe(403);
    const other = await expectOk(a.admin.get(`/ms-core/api/users/${a.tenant.auditor.id}`));
    expect(other.can).toMatchObject({ update: true, delete: true, changeStatus: true, email: true });
  });

  it('structures and roles: the space the session acts in is never deleted from inside; a role of the space is', async () => {
    const client = await expectOk(a.client.get('/ms-core/api/users/me'));
    expect(client.can.update).toBe(false);
    const structure = await expectOk(a.admin.get(`/ms-core/api/structures/${a.tenant.client.id}`));
    expect(structure.can).toEqual({ update: true, delete: true });
    const roles = await expectOk(a.admin.post('/ms-core/api/roles/search', { size: 50 }));
    // A role of the space is the admin's to change, save the system roles' names (decision 0047).
    expect(roles.every((r: { system: boolean; can: { update: boolean; delete: boolean } }) => r.can.update === !r.system && r.can.delete === !r.system)).toBe(
      true,
    );
  });
});
