import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@audit/domain/dates';
import { hasPermissions } from '@audit/domain/permissions';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import type { TRouteRecord } from '../app.js';
import type { TSeedSpace } from '../seed/build.js';
import { drainJobs } from '../test/accounts.js';
import { AUDITS, auditTenant, createAuditTemplate, type TAuditTenant } from '../test/audits.js';
import { addSpace, addUser, signIn } from '../test/factories.js';
import { apiClient, createTestApp, type TApiClient, type TTestApp, isNotReadyByDesign } from '../test/harness.js';
import { finishedAuditWithIncidents, ISSUES, TASKS } from '../test/incidents.js';
import { linkKey, startMailbox, type TMailbox } from '../test/mailbox.js';
import { cameraJpeg, postMultipart } from '../test/multipart.js';
import { pathParams, sampleFromZod, sampleRequest } from '../test/sample.js';
import { createTemplateRefs, expectOk, TEMPLATES } from '../test/templates.js';

/**
 * The matrix's missing row (issue 23, decision 0062): inside ONE company with two clients, X and Y,
 * each with its establishment, area, manager, finished audit with incidents, a corrective action, a
 * comment and a photo, another incident, a register whose take opened a measurement incident, a lab
 * report with its RUNNING lab incident. A person invited through the real invitation flow, limited
 * to client X (role USER, and role worker), calls every route the app registers with client Y's
 * identifiers (the walk of matrix.test.ts: the app's route list, bodies sampled from the schemas):
 *  - no 2xx on a route whose path names a Y object; a role without the route's permission gets 452;
 *  - none of Y's ids or names in any answer: JSON, Excel exports and PDFs read as text; the lists,
 *    searches and exports are also asked with no filter, and filtered on each Y object;
 *  - no 5xx, never 401 for the valid session.
 * Then every change the person may make to client X's own objects, with Y's ids in the body (a
 * responsible, a photo, a facility...): Y's object is refused or ignored, never shown.
 * Client Y also has catalogue rows of its own (service, area type, category, audit template and its
 * tree, register template, typology, role), made by the administrator acting in Y's space. The
 * person is invited before any of it is made, so no notice or e-mail about Y may reach them. And
 * they DO see client X's audit, report, PDF, incidents, actions, register, exports and lab data, so
 * the walk cannot pass by seeing nothing.
 */
const REGISTRY = '/ms-registry/api';
const REG = `${REGISTRY}/registers`;
const LAB_REPORTS = '/ms-core/api/lab-reports';
const LAB_INCIDENTS = '/ms-core/api/lab-incidents';
const REPORTS = '/ms-core/api/reports/audit';
const PASSWORD = 'Invitada-Clave!3';

const dataDir = mkdtempSync(join(tmpdir(), 'audit-matrix-invited-'));
let t: TTestApp;
let mail: TMailbox;
let f: TAuditTenant;
/** A word in every name of client Y's objects (and in no other). */
const yTag = `yq${randomBytes(4).toString('hex')}`;
let x: Awaited<ReturnType<typeof clientObjects>>;
let y: Record<string, string>;
type TInvited = { role: 'USER' | 'worker'; id: string; email: string; permissions: string[]; token: string; api: TApiClient };
const invited: TInvited[] = [];

interface TPlace {
  client: TSeedSpace;
  establishment: TSeedSpace;
  area: TSeedSpace;
}

/** A register template (category, section, author field, temperature and notes params) made by `api` in its space. */
async function registerTemplateOf(api: TApiClient, label: string) {
  const category = await expectOk(api.post('/ms-core/api/categories', { name: `Registros ${label}`, description: 'x', type: 'REGISTER', color: '#1677ff' }));
  const template = await expectOk(
    api.post(`${REGISTRY}/template-registers`, { name: `Temperaturas ${label}`, title: 'T', category: category._id, reportType: 'Model_1' }),
  );
  const section = await expectOk(api.post(`${REGISTRY}/register-sections`, { template: template._id, title: `Cámaras ${label}` }));
  await expectOk(api.post(`${REGISTRY}/register-sections/${section._id}/field/add`, { name: 'Firma', fieldType: 'author' }));
  await expectOk(
    api.post(`${REGISTRY}/register-sections/${section._id}/param/add`, { name: 'Temperatura', fieldType: 'number', operation: 'between', min: 0, max: 5 }),
  );
  const full = await expectOk(api.post(`${REGISTRY}/register-sections/${section._id}/param/add`, { name: 'Observaciones', fieldType: 'text' }));
  return {
    registerCategory: category._id as string,
    registerTemplate: template._id as string,
    registerSection: section._id as string,
    registerField: full.fields[0]._id as string,
    registerParam: full.params[0]._id as string,
    notesParam: full.params[1]._id as string,
  };
}

/**
 * A client's data, made as the company makes it (its administrator at the company's root, its
 * auditor running the audit): finished audit with two incidents, a corrective action and a comment
 * and a photo on one, another incident of the area, a register with today's take, a lab report with
 * its lab incident opened (RUNNING), the client's manager. `label` is in every name; the corrective
 * action is `actionResponsible`'s when given.
 */
async function clientObjects(
  place: TPlace,
  label: string,
  audits: TAuditTenant,
  registerTemplate: Awaited<ReturnType<typeof registerTemplateOf>>,
  actionResponsible?: string,
) {
  const admin = f.admin;
  const adminToken = (await signIn(t.app, f.tenant.admin.email)).session.accessToken;
  const manager = await addUser(t.db, {
    email: `gerente.${label}@example.com`,
    firstName: `Gerente ${label}`,
    home: place.client,
    roleIds: [f.tenant.roles.USER!],
  });
  const audit = await finishedAuditWithIncidents(t, audits, { client: place.client.id, establishment: place.establishment.id });
  const tree = await expectOk(admin.get(`${AUDITS}/${audit.auditId}`));
  const floors = tree.sections.flatMap((s: { questions: { _id: string }[] }) => s.questions).find((q: { _id: string }) => q._id === audit.ids.floors);
  const issue = audit.dirt._id;
  const [comment] = await expectOk(admin.post(`${ISSUES}/${issue}/comments`, { text: `Revisado ${label}` }));
  const jpeg = { buffer: await cameraJpeg(320, 240), filename: `foto-${label}.jpg`, contentType: 'image/jpeg' };
  const photo = await postMultipart(t.app, '/ms-core/api/files/image', adminToken, jpeg);
  expect(photo.status).toBe(200);
  const withEvidence = await expectOk(admin.post(`${ISSUES}/${issue}/evidences`, { fileId: photo.body._id, observation: `Foto ${label}` }));
  const action = await expectOk(admin.post(`${ISSUES}/${issue}/tasks`, { name: `Acción ${label}`, responsible: actionResponsible }));
  const other = await expectOk(admin.post(ISSUES, { name: `Otra ${label}`, space: place.area.id, responsible: manager.id }));
  const register = await expectOk(
    admin.post(REG, {
      name: `Cámaras ${label}`,
      areaAccess: 'KITCHEN',
      template: registerTemplate.registerTemplate,
      client: place.client.id,
      establishments: 'all',
      areas: 'all',
      category: registerTemplate.registerCategory,
      period: 'monthly',
      frequency: 'daily',
    }),
  );
  await expectOk(
    admin.post(`${REG}/${register._id}/answer/add`, {
      date: todayInZone('Europe/Madrid'),
      facilities: [
        {
          _id: place.area.id,
          values: [
            // Outside 0–5 °C: the take opens a measurement incident in the area (decision 0038).
            { param: registerTemplate.registerParam, value: '7,2' },
            { param: registerTemplate.notesParam, value: `Nota ${label}` },
          ],
        },
      ],
    }),
  );
  const [measurement] = await expectOk(
    admin.post(`${ISSUES}/search-issues`, {
      filters: [
        { field: 'kind', value: 'measurements' },
        { field: 'client', value: place.client.id },
      ],
    }),
  );
  const labReport = await expectOk(
    admin.post(LAB_REPORTS, {
      category: 'legionella',
      number: `M-${label}`,
      space: place.establishment.id,
      extractionDate: '2026-03-02',
      results: [{ parameter: 'Legionella spp.', value: 1500, maxValue: 1000 }],
    }),
  );
  const [labIncident] = await expectOk(admin.post(`${LAB_INCIDENTS}/search`, { filters: [{ field: 'report', value: labReport._id }] }));
  // Opened: a client's people see a lab incident from RUNNING on (decision 0061), so only the client hides it.
  await expectOk(admin.patch(`${LAB_INCIDENTS}/${labIncident._id}/status`, { status: 'RUNNING' }));
  return {
    ...registerTemplate,
    client: place.client.id,
    establishment: place.establishment.id,
    area: place.area.id,
    user: manager.id,
    audit: audit.auditId,
    auditSection: audit.ids.facilities,
    auditQuestion: audit.ids.floors,
    answer: floors.answer._id as string,
    issue,
    plague: audit.plague._id,
    task: action._id as string,
    templateTask: (withEvidence.tasks as { _id: string; name: string }[]).find((s) => s.name === 'Limpiar')!._id,
    comment: comment._id as string,
    evidence: withEvidence.evidences[0]._id as string,
    file: photo.body._id as string,
    otherIncident: other._id as string,
    measurement: measurement._id as string,
    register: register._id as string,
    labReport: labReport._id as string,
    labIncident: labIncident._id as string,
  };
}

/** Client Y's own catalogue rows, made by the administrator acting in Y's space: service, area type, category, audit template, typology, role. */
async function catalogueOf(api: TApiClient, label: string) {
  const refs = await createTemplateRefs(api, label);
  const tpl = await createAuditTemplate(api, refs, `Plantilla ${label}`);
  await expectOk(api.patch(`${TEMPLATES}/${tpl.template}/enabled`, { enabled: true }));
  const template = await expectOk(api.get(`${TEMPLATES}/${tpl.template}`));
  const section = template.sections.find((s: { type: string }) => s.type === 'QUESTION');
  const field = template.sections.find((s: { type: string }) => s.type === 'DATA').fields[0];
  const ie = template.ieSections[0];
  const typology = await expectOk(api.post('/ms-core/api/typologies', { name: `Nevera ${label}`, description: 'x' }));
  const role = await expectOk(api.post('/ms-core/api/roles', { name: `rol-${label}`, permissions: ['AUDIT:READ'] }));
  return {
    tpl,
    refs,
    ids: {
      service: refs.service,
      areaType: refs.areaAccess,
      category: refs.category,
      template: tpl.template,
      templateSection: section._id as string,
      templateQuestion: tpl.templateQuestions.floors,
      templateField: field._id as string,
      incident: tpl.incidences.dirt._id,
      ieSection: ie._id as string,
      ieQuestion: ie.questions[0]._id as string,
      typology: typology._id as string,
      role: role._id as string,
    },
  };
}

/** Invites `email` with `role` limited to client X as the administrator, and accepts as the new person. */
async function invite(role: 'USER' | 'worker'): Promise<TInvited> {
  const email = `invitada.${role.toLowerCase()}.${f.tenant.tag}@example.com`;
  const [made] = await expectOk(f.admin.post('/ms-core/api/invites', { emails: [email], role: f.tenant.roles[role], clients: [f.tenant.client.id] }));
  expect(made.access.spaces).toEqual([{ _id: f.tenant.client.id, name: f.tenant.client.name }]);
  await drainJobs(t.app);
  const key = linkKey(mail.to(email).at(-1), '/invitation');
  const accepted = await expectOk(apiClient(t.app).post('/auth/api/invites/accept-invite', { key, firstName: `Invitada ${role}`, password: PASSWORD }));
  expect(accepted.session.space._id).toBe(f.tenant.client.id);
  const token = accepted.session.accessToken as string;
  const api = apiClient(t.app, token);
  const me = await expectOk(api.get('/ms-core/api/users/me'));
  return { role, id: me._id, email, permissions: DEFAULT_ROLES.find((r) => r.name === role)!.permissions, token, api };
}

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ DATA_DIR: dataDir, SMTP_URL: mail.url });
  f = await auditTenant(t, 'mxi');
  // Invited before anything happens, so every notice and e-mail about either client's work could reach them.
  invited.push(await invite('USER'), await invite('worker'));
  const clientY = await addSpace(t.db, { name: `Cliente ${yTag}`, parent: f.tenant.root });
  const establishmentY = await addSpace(t.db, { name: `Hotel ${yTag}`, parent: clientY, type: 'ESTABLISHMENT' });
  const areaY = await addSpace(t.db, { name: `Cocina ${yTag}`, parent: establishmentY, type: 'AREA' });
  // The administrator enters client Y's space: what it makes there is Y's.
  const entered = await expectOk(f.admin.post(`/ms-core/api/spaces/${clientY.id}/access`, {}));
  expect(entered.space._id).toBe(clientY.id);
  const inY = apiClient(t.app, entered.accessToken);
  const catalogueY = await catalogueOf(inY, yTag);
  await expectOk(
    f.admin.post(`/ms-core/api/spaces/${establishmentY.id}/services-templates-goal`, {
      servicesTemplatesGoal: [{ service: catalogueY.refs.service, valueGoal: 80, templates: [] }],
    }),
  );
  const labelX = `x${f.tenant.tag}`;
  // X's corrective action is the invited USER's: they are told about it (notice and e-mail).
  x = await clientObjects(f.tenant, labelX, f, await registerTemplateOf(f.admin, labelX), invited[0]!.id);
  const placeY = { client: clientY, establishment: establishmentY, area: areaY };
  y = {
    ...(await clientObjects(placeY, yTag, { ...f, tpl: catalogueY.tpl, refs: catalogueY.refs }, await registerTemplateOf(inY, yTag))),
    ...catalogueY.ids,
  };
  await drainJobs(t.app);
  // Every object was made: none is missing from the ids the walk sends and looks for.
  expect(Object.entries({ ...x, ...y }).filter(([, id]) => !/^[0-9a-f-]{36}$/.test(id))).toEqual([]);
}, 300_000);
afterAll(async () => {
  await t.close();
  await mail.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The kind of client Y's object a path parameter names, from the route's address; `client` when Y has none of that kind. */
function kindOf(url: string, param: string): string {
  const base = url.split('/')[3] ?? '';
  if (base === 'register-sections') return param === 'fieldId' ? 'registerField' : param === 'id' ? 'registerParam' : 'registerSection';
  if (base === 'registers') return url.includes('/client/') ? 'client' : 'register';
  if (base === 'issues') return param === 'commentId' ? 'comment' : param === 'evidenceId' ? 'evidence' : 'issue';
  if (base === 'tasks') return 'task';
  if (url.includes('/template-usage/')) return 'template';
  if (base === 'audits' || base === 'questionnaire-ies' || base === 'reports') {
    const inAudit: Record<string, string> = {
      answerId: 'answer',
      evidenceId: 'evidence',
      imageId: 'file',
      sectionId: 'auditSection',
      questionId: 'auditQuestion',
    };
    return inAudit[param] ?? 'audit';
  }
  if (base === 'sections' || base === 'ie-sections') {
    const ie = base === 'ie-sections';
    const inTemplate: Record<string, string> = {
      sectionId: ie ? 'ieSection' : 'templateSection',
      id: 'ieSection',
      questionId: ie ? 'ieQuestion' : 'templateQuestion',
      fieldId: 'templateField',
      incidentId: 'incident',
    };
    return inTemplate[param] ?? 'templateSection';
  }
  const byBase: Record<string, string> = {
    'audit-templates': 'template',
    services: 'service',
    typeareas: 'areaType',
    users: 'user',
    roles: 'role',
    structures: 'client',
    establishments: 'establishment',
    areas: 'area',
    spaces: 'client',
    files: 'file',
    categories: 'category',
    'template-registers': 'registerTemplate',
    typologies: 'typology',
    'lab-reports': 'labReport',
    'lab-incidents': 'labIncident',
  };
  return byBase[base] ?? 'client';
}

/** What an answer says, as text: JSON as sent, an Excel workbook's cells, a PDF's text. */
async function readable(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return JSON.stringify(book.worksheets.map((sheet) => sheet.getSheetValues()));
  }
  if (type.includes('application/pdf')) {
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  }
  return res.body;
}

async function send(who: TInvited, method: string, url: string, body?: unknown) {
  const res = await t.app.inject({ method: method as 'GET', url, payload: body as object, headers: { authorization: `Bearer ${who.token}` } });
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, json, text: await readable(res) };
}

/** The list filters asked with client Y's objects (a key of y), and the kinds of incident besides the default one. */
const FILTERS = [
  ['client', 'client'],
  ['establishment', 'establishment'],
  ['area', 'area'],
  ['space', 'establishment'],
  ['audit', 'audit'],
  ['register', 'register'],
  ['report', 'labReport'],
  ['kind', 'others'],
  ['kind', 'measurements'],
] as const;

const holds = (who: TInvited, permission: string) => who.permissions.includes(permission);
const ids = (list: { _id: string }[]) => list.map((item) => item._id);

/** Y's objects a body may refer to: the walk over X's own objects sends each in turn. */
const REFERENCED = ['file', 'user', 'area', 'establishment', 'client', 'auditSection', 'issue', 'task', 'register'];

/** Whose object the path of a call names: client Y's, none, or client X's own. */
type TPathNames = 'Y' | 'nothing' | 'X';

/**
 * The checks of one call of a walk, as `who`: a role without the route's permission gets 452, and
 * one with it never does (save on X's own objects, whose rules may refuse with 452: a worker does
 * not edit a register); no 401 for the valid session, no 5xx, no 2xx on a path naming a Y object,
 * and none of Y's ids or names in the answer.
 */
function walker(who: TInvited) {
  const secrets = [...new Set([...Object.values(y), yTag])];
  const problems: string[] = [];
  const counts = { calls: 0, refused: 0 };
  const nameOf = (secret: string) => Object.keys(y).find((k) => y[k] === secret) ?? secret;
  const check = async (route: TRouteRecord, note: string, names: TPathNames, url: string, body: unknown) => {
    const res = await send(who, route.method, url, body);
    const at = `${route.method} ${route.url}${note}`;
    const required = route.access && 'permissions' in route.access ? route.access.permissions : null;
    counts.calls++;
    if (required) {
      const allowed = hasPermissions(who.permissions, required);
      const forbidden = res.status === 403 && res.json?.reference === '452';
      if (!allowed && !forbidden) problems.push(`${at}: ${res.status} without ${required.join(', ')} (expected 403 452)`);
      if (allowed && forbidden && names !== 'X') problems.push(`${at}: 452 although ${who.role} holds ${required.join(', ') || 'nothing needed'}`);
      if (!allowed) counts.refused++;
      if (res.status === 401) problems.push(`${at}: 401 for a valid session`);
    }
    if (names === 'Y' && res.status < 300) problems.push(`${at}: ${res.status} on client Y's object`);
    if (res.status >= 500 && !isNotReadyByDesign(route.method, route.url, res.status)) problems.push(`${at}: ${res.status} ${res.text.slice(0, 160)}`);
    const leaked = secrets.filter((secret) => res.text.includes(secret));
    if (leaked.length) problems.push(`${at}: ${res.status} leaks ${leaked.map(nameOf).join(', ')}`);
  };
  return { check, problems, counts };
}

describe('a person invited for client X (decision 0062)', () => {
  for (const role of ['USER', 'worker'] as const) {
    it(`${role}: sees client X's audit, report, incidents, actions and register, and lab data as the role allows`, async () => {
      const who = invited.find((i) => i.role === role)!;
      const api = who.api;
      const me = await expectOk(api.get('/ms-core/api/users/me'));
      expect(me.clients.map((c: { _id: string }) => c._id)).toEqual([f.tenant.client.id]);

      expect((await expectOk(api.get(`${AUDITS}/${x.audit}`)))._id).toBe(x.audit);
      expect(ids(await expectOk(api.post(`${AUDITS}/search`, {})))).toEqual([x.audit]);
      expect((await expectOk(api.get(`${REPORTS}/${x.audit}`)))._id).toBe(x.audit);
      const issues = async (kind: string) => ids(await expectOk(api.post(`${ISSUES}/search-issues`, { filters: [{ field: 'kind', value: kind }] })));
      expect((await issues('audits')).sort()).toEqual([x.issue, x.plague].sort());
      expect(await issues('others')).toEqual([x.otherIncident]);
      expect(await issues('measurements')).toEqual([x.measurement]);
      const issue = await expectOk(api.get(`${ISSUES}/${x.issue}`));
      expect(ids(issue.tasks)).toContain(x.task);
      expect(ids(await expectOk(api.get(`${ISSUES}/${x.issue}/comments`)))).toEqual([x.comment]);
      expect(ids(await expectOk(api.post(`${TASKS}/search`, {})))).toContain(x.task);
      expect(ids(await expectOk(api.post(`${REG}/search`, {})))).toEqual([x.register]);
      expect((await expectOk(api.get(`${REG}/${x.register}`)))._id).toBe(x.register);
      const excel = await send(who, 'GET', `${REG}/${x.register}/excel`);
      expect([excel.status, excel.text.includes(`Nota x${f.tenant.tag}`)]).toEqual([200, true]);
      const exported = await send(who, 'POST', '/ms-core/api/reports/issues/export-excel', { filters: [{ field: 'kind', value: 'others' }] });
      expect([exported.status, exported.text.includes(`Otra x${f.tenant.tag}`)]).toEqual([200, true]);
      const actions = await send(who, 'POST', `${TASKS}/export-excel`, {});
      expect([actions.status, actions.text.includes(`Acción x${f.tenant.tag}`)]).toEqual([200, true]);

      const labs = holds(who, 'LAB_DATA_VIEW');
      const labSearch = await api.post(`${LAB_REPORTS}/search`, {});
      expect(labs ? ids(labSearch.body) : labSearch.body.reference).toEqual(labs ? [x.labReport] : '452');
      const labIncidents = await api.post(`${LAB_INCIDENTS}/search`, {});
      expect(labs ? ids(labIncidents.body) : labIncidents.body.reference).toEqual(labs ? [x.labIncident] : '452');
    });
  }

  it("USER: is told of client X's corrective action given to them (notice and e-mail); nobody invited hears of Y", async () => {
    const who = invited.find((i) => i.role === 'USER')!;
    const notices = await expectOk(who.api.post('/ms-core/api/notifications/search', {}));
    expect(JSON.stringify(notices)).toContain(`Acción x${f.tenant.tag}`);
    expect(mail.to(who.email).some((m) => m.subject.includes(`Acción x${f.tenant.tag}`))).toBe(true);
    for (const person of invited) expect(mail.to(person.email).filter((m) => m.raw.includes(yTag) || m.text.includes(yTag))).toEqual([]);
  });

  it("USER: client X's audit PDF is made and read, and names X's establishment, none of Y's", async () => {
    const who = invited.find((i) => i.role === 'USER')!;
    expect(await expectOk(who.api.post(`${REPORTS}/${x.audit}/pdf`))).toEqual({ pdfSendToGenerate: true });
    await drainJobs(t.app);
    const pdf = await send(who, 'GET', `${REPORTS}/${x.audit}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.text).toContain(f.tenant.establishment.name);
    expect(pdf.text).not.toContain(yTag);
  });

  it("USER: the session never moves into client Y's spaces: sign-in, refresh, update-token and entering all keep it in X", async () => {
    const who = invited.find((i) => i.role === 'USER')!;
    const anon = apiClient(t.app);
    for (const space of [y.client!, y.establishment!, y.area!]) {
      const signedIn = await expectOk(anon.post('/auth/api/signin', { username: who.email, password: PASSWORD, space }));
      expect([signedIn.space._id, ids(signedIn.spaces)]).toEqual([f.tenant.client.id, [f.tenant.client.id]]);
      const refreshed = await anon.post('/auth/api/refresh-token', { refreshToken: signedIn.refreshToken, space });
      expect(refreshed.status).toBe(401);
      const moved = await who.api.post(`/auth/api/update-token?spaceId=${space}`);
      expect([moved.status, moved.body.reference]).toEqual([403, '451']);
      const entered = await who.api.post(`/ms-core/api/spaces/${space}/access`);
      expect([entered.status, entered.body.reference]).toEqual([403, '451']);
    }
  });

  for (const role of ['USER', 'worker'] as const) {
    it(`${role}: every route with client Y's ids: nothing of Y, no 2xx on a Y object, no 5xx, no 401`, async () => {
      const who = invited.find((i) => i.role === role)!;
      const walk = walker(who);
      for (const route of t.app.routeTable) {
        if (route.url.startsWith('/test')) continue;
        const params = pathParams(route.url);
        const required = route.access && 'permissions' in route.access ? route.access.permissions : null;
        // Refused for lack of permission whatever the body: one call says so.
        const allowed = !required || hasPermissions(who.permissions, required);
        const url = route.url.replace(/:([A-Za-z_]+)/g, (_, p: string) => y[kindOf(route.url, p)]!);
        const main = y[params.length ? kindOf(route.url, params[params.length - 1]!) : kindOf(route.url, '')]!;
        // A route without an object in its path is asked with each of Y's places in its body as well.
        const bodyIds = params.length || !allowed ? [main] : [...new Set([main, y.client!, y.establishment!, y.area!])];
        for (const id of bodyIds) {
          const { qs, body } = sampleRequest(route, id);
          await walk.check(route, '', params.length ? 'Y' : 'nothing', `${url}${qs}`, body);
        }
        if (params.length || route.method !== 'POST') continue;
        // Lists, searches and exports with no filter at all (what the person sees by default), and
        // filtered on each of Y's objects and on each kind of incident.
        await walk.check(route, ' (no filter)', 'nothing', route.url, {});
        const sample = sampleFromZod(route.schema?.body, y.client!) as Record<string, unknown> | undefined;
        if (!allowed || !sample || !('filters' in sample)) continue;
        for (const [field, value] of FILTERS) {
          await walk.check(route, ` (${field} ${value})`, 'nothing', route.url, { filters: [{ field, value: y[value] ?? value }] });
        }
      }
      expect(walk.problems).toEqual([]);
      expect(walk.counts.calls).toBeGreaterThan(t.app.routeTable.length);
      expect(walk.counts.refused).toBeGreaterThan(0);
    }, 300_000);
  }

  // Last: these calls may change client X's objects (a status, an action), which the tests above read.
  for (const role of ['USER', 'worker'] as const) {
    it(`${role}: every change to client X's own objects, with Y's ids in the body, never answers anything of Y`, async () => {
      const who = invited.find((i) => i.role === role)!;
      const walk = walker(who);
      let asked = 0;
      for (const route of t.app.routeTable) {
        const params = pathParams(route.url);
        const required = route.access && 'permissions' in route.access ? route.access.permissions : null;
        if (!params.length || route.method === 'GET' || route.method === 'DELETE' || !required || !hasPermissions(who.permissions, required)) continue;
        if (!params.every((p) => x[kindOf(route.url, p) as keyof typeof x])) continue;
        const mine = route.url.replace(/:([A-Za-z_]+)/g, (_, p: string) => x[kindOf(route.url, p) as keyof typeof x]);
        asked++;
        for (const kind of REFERENCED) {
          const { qs, body } = sampleRequest(route, y[kind]!);
          await walk.check(route, ` (X's, Y's ${kind} in the body)`, 'X', `${mine}${qs}`, body);
        }
      }
      expect(walk.problems).toEqual([]);
      // The incidents' and actions' changes at least (and the registers' takes for the worker).
      expect(asked).toBeGreaterThan(8);
    }, 300_000);
  }
});
