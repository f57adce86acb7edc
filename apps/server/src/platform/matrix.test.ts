import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import { hasPermissions } from '@audit/domain/permissions';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../test/audits.js';
import { addUser, signIn } from '../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp } from '../test/harness.js';
import { cameraJpeg, postMultipart } from '../test/multipart.js';
import { sampleFromZod } from '../test/sample.js';
import { expectOk, SECTIONS, TEMPLATES } from '../test/templates.js';

const REGISTRY = '/ms-registry/api';

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

/** B's objects of every kind, made over HTTP as B's users would. */
async function objectsOf(f: TAuditTenant) {
  const { id: audit, ids } = await runningAudit(f);
  const path = `${AUDITS}/${audit}/sections/${ids.facilities}/questions/${ids.floors}`;
  const answer = await expectOk(
    f.auditor.post(`${AUDITS}/${audit}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) }),
  );
  const [issue] = await expectOk(f.auditor.patch(`${path}/issues-tasks`, { issuesToAdd: [f.tpl.incidences.dirt._id] }));
  const jpeg = { buffer: await cameraJpeg(320, 240), filename: 'foto.jpg', contentType: 'image/jpeg' };
  const evidence = await postMultipart(t.app, `${path}/evidences`, f.auditorToken, jpeg, { issue: f.tpl.incidences.dirt._id });
  expect(evidence.status).toBe(200);
  const file = await postMultipart(t.app, '/ms-core/api/files/image', f.auditorToken, jpeg);
  expect(file.status).toBe(200);
  const template = await expectOk(f.admin.get(`${TEMPLATES}/${f.tpl.template}`));
  const section = template.sections.find((s: { type: string }) => s.type === 'QUESTION');
  const field = template.sections.find((s: { type: string }) => s.type === 'DATA').fields[0];
  const ie = template.ieSections[0];
  const users = await expectOk(f.admin.post('/ms-core/api/users/search', { size: 50 }));
  const registers = await registerObjectsOf(f);
  const labReport = await expectOk(
    f.admin.post('/ms-core/api/lab-reports', {
      category: 'legionella',
      number: `M-${f.tenant.tag}`,
      space: f.tenant.establishment.id,
      extractionDate: '2026-03-02',
      results: [{ parameter: 'Legionella spp.', value: 1500, maxValue: 1000 }],
    }),
  );
  const [labIncident] = await expectOk(f.admin.post('/ms-core/api/lab-incidents/search', { filters: [{ field: 'report', value: labReport._id }] }));
  return {
    ...registers,
    labReport: labReport._id as string,
    labIncident: labIncident._id as string,
    audit,
    auditSection: ids.facilities,
    auditQuestion: ids.floors,
    answer: answer._id as string,
    issue: issue._id as string,
    evidence: evidence.body._id as string,
    file: file.body._id as string,
    template: f.tpl.template,
    templateSection: section._id as string,
    templateQuestion: f.tpl.templateQuestions.floors,
    incident: f.tpl.incidences.dirt._id as string,
    templateField: field._id as string,
    ieSection: ie._id as string,
    ieQuestion: ie.questions[0]._id as string,
    user: users.find((u: { _id: string }) => u._id === f.tenant.clientUser.id)._id as string,
    role: f.tenant.roles.auditor!,
    client: f.tenant.client.id,
    establishment: f.tenant.establishment.id,
    area: f.tenant.area.id,
    service: f.refs.service,
    category: f.refs.category,
    areaType: f.refs.areaAccess,
    root: f.tenant.root.id,
  };
}

/** B's register template (section, field, param), typology and register (decision 0031). */
async function registerObjectsOf(f: TAuditTenant) {
  const category = await expectOk(f.admin.post('/ms-core/api/categories', { name: 'Registros', description: 'x', type: 'REGISTER', color: '#1677ff' }));
  const template = await expectOk(
    f.admin.post(`${REGISTRY}/template-registers`, { name: 'Temperaturas', title: 'T', category: category._id, reportType: 'Model_1' }),
  );
  const section = await expectOk(f.admin.post(`${REGISTRY}/register-sections`, { template: template._id, title: 'Cámaras' }));
  await expectOk(f.admin.post(`${REGISTRY}/register-sections/${section._id}/field/add`, { name: 'Firma', fieldType: 'author' }));
  const full = await expectOk(
    f.admin.post(`${REGISTRY}/register-sections/${section._id}/param/add`, { name: 'Temperatura', fieldType: 'number', operation: 'between', min: 0, max: 5 }),
  );
  const typology = await expectOk(f.admin.post('/ms-core/api/typologies', { name: 'Nevera', description: 'x' }));
  const register = await expectOk(
    f.admin.post(`${REGISTRY}/registers`, {
      name: 'Cámaras',
      areaAccess: 'KITCHEN',
      template: template._id,
      client: f.tenant.client.id,
      establishments: 'all',
      areas: 'all',
      category: category._id,
      period: 'monthly',
      frequency: 'daily',
    }),
  );
  return {
    registerTemplate: template._id as string,
    registerSection: section._id as string,
    registerField: full.fields[0]._id as string,
    registerParam: full.params[0]._id as string,
    registerCategory: category._id as string,
    typology: typology._id as string,
    register: register._id as string,
  };
}

/** The kind of object a path parameter names, from the route's address. */
function kindOf(url: string, param: string): string {
  const base = url.split('/')[3] ?? '';
  if (base === 'register-sections') return param === 'fieldId' ? 'registerField' : param === 'id' ? 'registerParam' : 'registerSection';
  if (base === 'registers') return url.includes('/client/') ? 'client' : 'register';
  const audits = base === 'audits' || base === 'questionnaire-ies' || base === 'reports';
  if (param === 'answerId') return 'answer';
  if (param === 'evidenceId' || param === 'imageId') return 'evidence';
  if (param === 'incidentId') return 'incident';
  if (param === 'fieldId') return 'templateField';
  if (param === 'auditId') return 'audit';
  if (param === 'questionId') return audits ? 'auditQuestion' : base === 'ie-sections' ? 'ieQuestion' : 'templateQuestion';
  if (param === 'sectionId') return audits ? 'auditSection' : 'templateSection';
  if (param === 'parentId') return 'client';
  const byBase: Record<string, string> = {
    audits: 'audit',
    'questionnaire-ies': 'audit',
    reports: 'audit',
    'audit-templates': 'template',
    sections: 'templateSection',
    'ie-sections': 'ieSection',
    users: 'user',
    roles: 'role',
    structures: 'client',
    establishments: 'establishment',
    areas: 'area',
    spaces: 'client',
    files: 'file',
    services: 'service',
    categories: 'category',
    typeareas: 'areaType',
    'template-registers': 'registerTemplate',
    typologies: 'typology',
    'lab-reports': 'labReport',
    'lab-incidents': 'labIncident',
  };
  return byBase[base] ?? 'root';
}

const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
/** The main object a route is about: its last path parameter, else its base. */
const mainKind = (url: string) => {
  const params = pathParams(url);
  return params.length ? kindOf(url, params[params.length - 1]!) : kindOf(url, '');
};

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  [a, b] = [await auditTenant(t, 'mxa'), await auditTenant(t, 'mxb')];
  foreign = await objectsOf(b);
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
}, 120_000);
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
        const query = sampleFromZod(route.schema?.querystring, id) as Record<string, unknown> | undefined;
        const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (sampleFromZod(route.schema?.body, bodyId) ?? {});
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
        if (res.status >= 500) problems.push(`${at}: ${res.status} ${text.slice(0, 160)}`);
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

describe("each object's can agrees with what the server does", () => {
  it('audits: the assigned auditor and an administrator run it (decision 0020); another auditor and a client read it only', async () => {
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
      ['client user', a.client, false, '452'],
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
