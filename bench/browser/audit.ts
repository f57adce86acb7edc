import { sql } from 'drizzle-orm';
import { MAX_SECTION_COPIES } from '@audit/domain/audits';
import { unsafeUnscoped } from '../../apps/server/src/platform/tenancy.js';
import { seedDemo } from '../../apps/server/src/seed/demo.js';
import { templateBuilder } from '../../apps/server/src/seed/template-builder.js';
import { apiOf, referencesFor } from '../audits.js';
import type { startServer } from '../lib.js';

type TServer = Awaited<ReturnType<typeof startServer>>;
type TJson = Record<string, any>;
export const HYGIENE = 'Auditoría de higiene alimentaria';

/**
 * Issue 28's audit: the demo data, and a running audit of the demo hygiene template whose question
 * sections are all made duplicable and copied to their limit (MAX_SECTION_COPIES each): 65 sections
 * (cover, 63 question sections, contacts), 483 questions. With `questions` instead, a generated
 * template of that many scored questions in sections of 25 (the 2,000-question audit).
 */
export async function largeAudit(server: TServer, options: { questions?: number } = {}) {
  await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
  const api = apiOf(server.base);
  const token = await api.signin('auditor@demo.test');
  const refs = await referencesFor(server.db);
  const template = options.questions ? await generatedTemplate(server, options.questions) : await duplicableHygiene(server);
  const created = await api.call(token, 'POST', '/ms-core/api/audits', {
    client: refs.client,
    establishment: refs.establishment,
    service: refs.service,
    template,
    auditor: refs.auditor,
    startDate: '2026-11-02',
    date: ['2026-11-02', '2026-11-03'],
  });
  let audit = await api.call(token, 'PATCH', `/ms-core/api/audits/${created._id}/execute?use_previous=false`);
  if (!options.questions) {
    for (const section of (audit.sections as TJson[]).filter((s) => s.type === 'QUESTION'))
      for (let i = 0; i < MAX_SECTION_COPIES; i++) await api.call(token, 'POST', `/ms-core/api/audits/${audit._id}/sections/${section._id}/duplicate`);
    audit = await api.call(token, 'GET', `/ms-core/api/audits/${audit._id}`);
  }
  const questions = (audit.sections as TJson[]).reduce((n, s) => n + (s.questions?.length ?? 0), 0);
  return { api, token, audit, id: audit._id as string, sections: (audit.sections as TJson[]).length, questions };
}

async function duplicableHygiene(server: TServer) {
  return unsafeUnscoped(server.db, async (tx) => {
    const id = (await tx.execute<{ id: string }>(sql`select id from audit_templates where name = ${HYGIENE} limit 1`)).rows[0]!.id;
    await tx.execute(sql`update template_sections set duplicable = true where template_id = ${id} and type = 'QUESTION'`);
    return id;
  });
}

async function generatedTemplate(server: TServer, questions: number) {
  const perSection = 25;
  return unsafeUnscoped(server.db, async (tx) => {
    const root = (await tx.execute<{ id: string; secure_space_path: string }>(sql`select id, secure_space_path from spaces where identifier = 'demo'`))
      .rows[0]!;
    const r = (
      await tx.execute<{ service: string; area: string }>(
        sql`select (select id from services where code = 'AUD-HIG') as service, (select id from area_types where name = 'Cocina' and secure_space_path = ${root.secure_space_path}) as area`,
      )
    ).rows[0]!;
    const builder = templateBuilder({ id: root.id, path: root.secure_space_path } as never);
    const t = builder.template({
      name: `Generada ${questions}`,
      description: 'Generated for the browser bench',
      serviceId: r.service,
      areaAccessId: r.area,
      enabled: true,
    });
    t.section('Portada', 'DATA').field('Responsable', 'text');
    for (let s = 0; s * perSection < questions; s++) {
      const section = t.section(`Sección ${s + 1}`, 'QUESTION');
      for (let q = s * perSection; q < Math.min(questions, (s + 1) * perSection); q++)
        section.scored(`Pregunta ${q + 1}`, q % 4 === 0 ? [['Deficiencia', 'high', 10, ['Corregir']]] : []);
    }
    await builder.write(tx);
    await tx.execute(
      sql`update space_service_goals set templates = array_append(templates, ${t.id}::uuid) where service_id = ${r.service} and cardinality(templates) > 0`,
    );
    return t.id;
  });
}
