import type { TApiClient, TTestApp } from './harness.js';
import { createTenant, signIn, type TTenant } from './factories.js';
import { createTemplateRefs, expectOk, IE_SECTIONS, OPTIONS, READINGS, SECTIONS, TEMPLATES } from './templates.js';

/**
 * An audit-ready tenant for tests, built over HTTP: a small enabled template whose scores are easy
 * to reckon, a goal of its service on the tenant's establishment, and signed-in clients.
 *
 * Template "Higiene" (service S, facility type Cocina):
 *   DATA "Datos": audit_date "Fecha" (required), auditor "Auditor" (default "Equipo Demo")
 *   QUESTION "Instalaciones" (duplicable):
 *     floors: select Conforme 10 / Mejorable 5 / No conforme 0 (failed);
 *       incidences "Suciedad" medium 5 % [Limpiar], "Rotura" infrastructure 3 % [Reparar, Pintar]
 *     pests:  same options; incidence "Plagas" high 10 % [Fumigar]
 *   QUESTION "Registros":
 *     temps:  readingRegistry (fridge/freezer at Cámara 1, Cámara 2, Congelador), optional
 *     count:  number, optional
 *     notes:  text PARAGRAPH, optional
 *   CONTACTS "Contactos": text "Responsable" (required), email "E-mail" (required)
 *   IE "Emergencias": two questions.
 */
export const AUDITS = '/ms-core/api/audits';
export const QUESTIONNAIRE = '/ms-core/api/questionnaire-ies';

export async function auditTenant(t: TTestApp, label: string) {
  const tenant = await createTenant(t.db, label);
  const admin = (await signIn(t.app, tenant.admin.email)).api;
  const auditorSession = await signIn(t.app, tenant.auditor.email);
  const auditor = auditorSession.api;
  const client = (await signIn(t.app, tenant.clientUser.email)).api;
  const refs = await createTemplateRefs(admin);
  const tpl = await createAuditTemplate(admin, refs);
  await expectOk(admin.patch(`${TEMPLATES}/${tpl.template}/enabled`, { enabled: true }));
  await expectOk(
    admin.post(`/ms-core/api/spaces/${tenant.establishment.id}/services-templates-goal`, {
      servicesTemplatesGoal: [{ service: refs.service, valueGoal: 80, templates: [] }],
    }),
  );
  return { tenant, admin, auditor, client, refs, tpl, auditorToken: auditorSession.session.accessToken };
}
export type TAuditTenant = Awaited<ReturnType<typeof auditTenant>>;

export async function createAuditTemplate(api: TApiClient, refs: { service: string; areaAccess: string; category: string }, name = 'Higiene') {
  const template = await expectOk(api.post(TEMPLATES, { name, description: 'Plantilla de pruebas', ...refs }));
  const section = async (title: string, type: string, duplicable = false) =>
    (await expectOk(api.post(SECTIONS, { template: template._id, title, type, duplicable })))._id as string;
  const field = (s: string, body: object) => expectOk(api.post(`${SECTIONS}/${s}/field/add`, body));
  const question = async (s: string, body: object) =>
    (await expectOk(api.post(`${SECTIONS}/${s}/question/add`, body))) as {
      _id: string;
      select: { options: { _id: string }[] } | null;
      readingRegistry: { placesMeasure: { _id: string }[] } | null;
    };
  const incident = async (s: string, q: string, body: object) =>
    (await expectOk(api.post(`${SECTIONS}/${s}/question/${q}/incidents`, body))) as { _id: string; tasks: { _id: string; name: string }[] };

  const data = await section('Datos', 'DATA');
  await field(data, { label: 'Fecha', type: 'audit_date', required: true });
  await field(data, { label: 'Auditor', type: 'auditor', value: 'Equipo Demo' });
  const facilities = await section('Instalaciones', 'QUESTION', true);
  const floors = await question(facilities, { name: '¿Suelos limpios?', type: 'select', select: { options: OPTIONS } });
  const dirt = await incident(facilities, floors._id, { name: 'Suciedad', riskLevel: 'medium', deductionPercentage: 5, tasks: [{ name: 'Limpiar' }] });
  const broken = await incident(facilities, floors._id, {
    name: 'Rotura',
    riskLevel: 'infrastructure',
    deductionPercentage: 3,
    tasks: [{ name: 'Reparar' }, { name: 'Pintar' }],
  });
  const pests = await question(facilities, { name: '¿Sin plagas?', type: 'select', select: { options: OPTIONS } });
  const plague = await incident(facilities, pests._id, { name: 'Plagas', riskLevel: 'high', deductionPercentage: 10, tasks: [{ name: 'Fumigar' }] });
  const records = await section('Registros', 'QUESTION');
  const temps = await question(records, { name: 'Temperaturas', type: 'readingRegistry', required: false, readingRegistry: READINGS });
  const count = await question(records, { name: 'Número de cámaras', type: 'number', required: false });
  const notes = await question(records, { name: 'Observaciones', type: 'text', required: false, text: { answerType: 'PARAGRAPH' } });
  const contacts = await section('Contactos', 'CONTACTS');
  await field(contacts, { label: 'Responsable', type: 'text', required: true });
  await field(contacts, { label: 'E-mail', type: 'email', required: true });
  const ie = await expectOk(api.post(IE_SECTIONS, { template: template._id, title: 'Emergencias' }));
  await expectOk(api.post(`${IE_SECTIONS}/${ie._id}/question/add`, { question: '¿Hubo incidencias?', type: 'SIMPLE' }));
  await expectOk(api.post(`${IE_SECTIONS}/${ie._id}/question/add`, { question: 'Describa las medidas', type: 'PARAGRAPH' }));
  const [yes, part, no] = floors.select!.options.map((o) => o._id);
  return {
    template: template._id as string,
    options: { yes: yes!, part: part!, no: no! },
    pestsOptions: pests.select!.options.map((o) => o._id),
    incidences: { dirt, broken, plague },
    templateQuestions: { floors: floors._id, pests: pests._id, temps: temps._id, count: count._id, notes: notes._id },
    places: temps.readingRegistry!.placesMeasure.map((p) => p._id),
  };
}

/** The wizard's body for the tenant's establishment; `over` replaces any part. */
export function auditBody(f: TAuditTenant, over: Record<string, unknown> = {}) {
  return {
    client: f.tenant.client.id,
    establishment: f.tenant.establishment.id,
    service: f.refs.service,
    template: f.tpl.template,
    auditor: f.tenant.auditor.id,
    startDate: '2025-05-14T10:30:00.000Z',
    date: ['2025-05-14T08:00:00.000Z', '2025-05-15T09:00:00.000Z'],
    ...over,
  };
}

/** Ids of an audit's tree by name, to address answers and issues. */
export function auditIds(audit: any) {
  const section = (title: string) => audit.sections.find((s: { title: string; isDuplicated: boolean }) => s.title === title && !s.isDuplicated);
  const question = (name: string) => audit.sections.flatMap((s: { questions: unknown[] }) => s.questions).find((q: { name: string }) => q.name === name);
  const facilities = section('Instalaciones');
  const records = section('Registros');
  return {
    facilities: facilities._id as string,
    records: records._id as string,
    data: section('Datos')._id as string,
    contacts: section('Contactos')._id as string,
    floors: question('¿Suelos limpios?')._id as string,
    pests: question('¿Sin plagas?')._id as string,
    temps: question('Temperaturas')._id as string,
    count: question('Número de cámaras')._id as string,
    notes: question('Observaciones')._id as string,
    coverFields: audit.coverFields as { _id: string; label: string }[],
    contactFields: audit.contactFields as { _id: string; label: string }[],
  };
}

/** Creates an audit as the admin and starts it as the auditor; answers the running audit. */
export async function runningAudit(f: TAuditTenant, over: Record<string, unknown> = {}) {
  const created = await expectOk(f.admin.post(AUDITS, auditBody(f, over)));
  const audit = await expectOk(f.auditor.patch(`${AUDITS}/${created._id}/execute?use_previous=false`));
  return { id: created._id as string, audit, ids: auditIds(audit) };
}

export const select = (...ids: string[]) => ({ type: 'select', select: ids });
export type { TTenant };
