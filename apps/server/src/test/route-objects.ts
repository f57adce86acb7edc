import { expect } from 'vitest';
import { AUDITS, runningAudit, select, type TAuditTenant } from './audits.js';
import { cameraJpeg, multipartBody, postMultipart } from './multipart.js';
import type { TTestApp } from './harness.js';
import { pathParams } from './sample.js';
import { expectOk, TEMPLATES } from './templates.js';

/**
 * The objects of every kind a tenant's routes name (audit, section, question, answer, issue, file,
 * share link, template and its tree, users, roles, spaces, registers, lab data, contracts, plans,
 * documents), made over HTTP as the tenant's users would, and the kind each path parameter names.
 * The route x role x tenant matrix (platform/matrix.test.ts) calls every route with another
 * tenant's objects of the kind it takes.
 */
const REGISTRY = '/ms-registry/api';

/** B's objects of every kind, made over HTTP as B's users would. */
export async function objectsOf(t: TTestApp, f: TAuditTenant) {
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
  const employee = await expectOk(
    f.admin.post('/ms-core/api/employees', { firstName: 'Empleada', dni: '12345678Z', birthday: '1990-01-01', user: f.tenant.auditor.id }),
  );
  // A planned visit of B (decision 0089): an active contract's plan for a year.
  const contract = await expectOk(
    f.admin.post('/ms-core/api/contracts', { client: f.tenant.client.id, startDate: '2031-01-01', lines: [{ service: f.refs.service, quantity: 1 }] }),
  );
  await expectOk(f.admin.patch(`/ms-core/api/contracts/${contract._id}/status`, { status: 'ACTIVE' }));
  await expectOk(f.admin.post('/ms-core/api/visit-plans/generate', { contract: contract._id, year: 2031 }));
  const [plannedVisit] = await expectOk(f.admin.get(`/ms-core/api/visit-plans/visits?year=2031&client=${f.tenant.client.id}`));
  const documents = await documentObjectsOf(f);
  return {
    ...registers,
    ...documents,
    plannedVisit: plannedVisit._id as string,
    labReport: labReport._id as string,
    labIncident: labIncident._id as string,
    employee: employee._id as string,
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

/** B's document folder, document and its version (decision 0088), uploaded by B's administrator. */
async function documentObjectsOf(f: TAuditTenant) {
  const folder = await expectOk(f.admin.post('/ms-core/api/documents/folders', { space: f.tenant.client.id, name: 'Certificados' }));
  const pdf = { buffer: Buffer.from('%PDF-1.4\n%%EOF\n'), filename: 'certificado.pdf', contentType: 'application/pdf' };
  const form = multipartBody(pdf, { folder: folder._id });
  const doc = await f.admin.call('POST', '/ms-core/api/documents/upload', form.payload, form.headers);
  expect(doc.status).toBe(200);
  return { documentFolder: folder._id as string, document: doc.body._id as string, documentVersion: doc.body.currentVersion as string };
}

/** The kind of object a path parameter names, from the route's address. */
export function kindOf(url: string, param: string): string {
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
  // The calendar feed's token (decision 0087): an unknown one, which must say nothing (404).
  if (param === 'token') return 'feedToken';
  if (base === 'documents') return param === 'versionId' ? 'documentVersion' : url.includes('/folders/') ? 'documentFolder' : 'document';
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
    employees: 'employee',
    'visit-plans': 'plannedVisit',
  };
  return byBase[base] ?? 'root';
}

/** The main object a route is about: its last path parameter, else its base. */
export const mainKind = (url: string) => {
  const params = pathParams(url);
  return params.length ? kindOf(url, params[params.length - 1]!) : kindOf(url, '');
};
