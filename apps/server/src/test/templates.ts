import type { TApiClient } from './harness.js';

/** Builds audit templates over HTTP for tests: references first, then the tree, checking every step. */
export const TEMPLATES = '/ms-core/api/audit-templates';
export const SECTIONS = '/ms-core/api/sections';
export const IE_SECTIONS = '/ms-core/api/ie-sections';

async function ok<T = any>(call: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await call;
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
export { ok as expectOk };

/** A service, an area type and a TEMPLATE category of the caller's space. */
export async function createTemplateRefs(api: TApiClient, tag = '') {
  const service = await ok(
    api.post('/ms-core/api/services', { name: `Auditoría de higiene ${tag}`.trim(), executionTime: 2, price: 100, salesAccount: 70500000 }),
  );
  const areaType = await ok(api.post('/ms-core/api/typeareas', { name: `Cocina ${tag}`.trim(), description: 'Zonas de cocina' }));
  const category = await ok(
    api.post('/ms-core/api/categories', { name: `Higiene ${tag}`.trim(), description: 'Plantillas de higiene', type: 'TEMPLATE', color: '#1677ff' }),
  );
  return { service: service._id as string, areaAccess: areaType._id as string, category: category._id as string };
}

export const OPTIONS = [
  { label: 'Conforme', color: '#52c41a', score: 10, failed: false },
  { label: 'Mejorable', color: '#fa8c16', score: 5, failed: false },
  { label: 'No conforme', color: '#f5222d', score: 0, failed: true },
];

export const READINGS = {
  options: [
    { key: 'fridge', label: 'Refrigeración', measure: 'celsius', operation: 'between', minValue: 0, maxValue: 5 },
    { key: 'freezer', label: 'Congelación', measure: 'celsius', operation: 'lessThan', maxValue: -18 },
  ],
  placesMeasure: [{ place: 'Cámara 1' }, { place: 'Cámara 2' }, { place: 'Congelador' }],
};

/** A runnable template: a DATA section with cover fields, a QUESTION section with a scored select question, a CONTACTS section. */
export async function createRunnableTemplate(api: TApiClient, refs: Awaited<ReturnType<typeof createTemplateRefs>>, name = 'Plantilla de higiene') {
  const template = await ok(api.post(TEMPLATES, { name, description: 'Auditoría completa', ...refs }));
  const data = await ok(api.post(SECTIONS, { template: template._id, title: 'Datos', type: 'DATA' }));
  await ok(api.post(`${SECTIONS}/${data._id}/field/add`, { label: 'Fecha', type: 'audit_date', required: true }));
  const questions = await ok(api.post(SECTIONS, { template: template._id, title: 'Instalaciones', type: 'QUESTION', duplicable: true }));
  const question = await ok(api.post(`${SECTIONS}/${questions._id}/question/add`, { name: '¿Suelos limpios?', type: 'select', select: { options: OPTIONS } }));
  await ok(
    api.post(`${SECTIONS}/${questions._id}/question/${question._id}/incidents`, {
      name: 'Suciedad',
      riskLevel: 'medium',
      deductionPercentage: 5,
      tasks: [{ name: 'Limpiar' }],
    }),
  );
  const contacts = await ok(api.post(SECTIONS, { template: template._id, title: 'Contactos', type: 'CONTACTS' }));
  await ok(api.post(`${SECTIONS}/${contacts._id}/field/add`, { label: 'Responsable', type: 'text', required: true }));
  return {
    template: template._id as string,
    data: data._id as string,
    questions: questions._id as string,
    question: question._id as string,
    contacts: contacts._id as string,
  };
}
