import { addDays, DEFAULT_TIME_ZONE, todayInZone } from '@audit/domain/dates';
import type { TTemplateAnswer } from '@audit/domain/audits';
import type { TAuth } from '../platform/auth.js';
import type { TDb } from '../platform/db.js';
import { NO_ACCESS } from '../platform/identity.js';
import { saveAnswerIn } from '../modules/audits/answers.js';
import { createAuditIn } from '../modules/audits/create.js';
import { changeIssuesTasksIn } from '../modules/audits/issues.js';
import { executeIn, finishIn, setShareIn } from '../modules/audits/lifecycle.js';
import type { TAuditView } from '../modules/audits/present.js';
import { saveAnswersIn, setSentIn } from '../modules/audits/questionnaire.js';
import { setFieldValuesIn } from '../modules/audits/sections.js';
import { loadTree } from '../modules/audits/tree-repo.js';
import type { TSeedSpace } from './build.js';

/**
 * Demo audits of the hygiene template at Hotel Mar Azul Valencia, made through the audits module's
 * own rules (inside the seed's transaction): one finished a month ago, answered, with a failed
 * answer, its issue and task, stored scores and its public link open (the client sees a report),
 * and one draft for next week assigned to the demo auditor (the auditor has something to run).
 */
export interface TDemoAuditPlaces {
  root: TSeedSpace;
  client: TSeedSpace;
  establishment: TSeedSpace;
  auditorId: string;
  serviceId: string;
  templateId: string;
}

// The seed needs no URLs: nothing it writes is presented to anyone.
const view: TAuditView = {
  shareUrl: (id, language) => `/share-audit-report/${id}?lang=${language}`,
  fileUrl: (id) => id,
  auditUrl: (id) => `/auditor/audits?audit=${id}`,
};
/** Days counted from today where the demo company is (Europe/Madrid). */
const day = (offset: number) => addDays(todayInZone(DEFAULT_TIME_ZONE), offset);

export async function seedDemoAudits(tx: TDb, p: TDemoAuditPlaces) {
  const caller: TAuth = {
    userId: p.auditorId,
    spaceId: p.root.id,
    spacePath: p.root.path,
    permissions: ['AUDIT:READ', 'AUDIT:CREATE', 'AUDIT:WRITE'],
    roles: ['auditor'],
    access: NO_ACCESS,
    isAdmin: false,
    isAuditor: true,
    language: 'es',
  };
  const base = { client: p.client.id, establishment: p.establishment.id, service: p.serviceId, template: p.templateId, auditor: p.auditorId };

  const done = await createAuditIn(tx, caller, { ...base, startDate: day(-30), date: [day(-30), day(-30)] }, []);
  await executeIn(tx, caller, done.id, false);
  const rows = await loadTree(tx, done.id);
  const failedQuestion = rows.questions.find((q) => q.type === 'select' && q.name.startsWith('¿Se registran a diario'));
  for (const q of rows.questions) {
    const answer = answerFor(q, q.id === failedQuestion?.id);
    if (answer) await saveAnswerIn(tx, caller, done.id, { section: q.sectionId, question: q.id, templateAnswer: answer });
  }
  if (failedQuestion) {
    const incidence = failedQuestion.incidences[0]!;
    await changeIssuesTasksIn(
      tx,
      caller,
      done.id,
      failedQuestion.sectionId,
      failedQuestion.id,
      { issuesToAdd: [incidence._id], issuesToRemove: [], tasksToAdd: [], tasksToRemove: [] },
      view,
    );
  }
  const values = (type: string) => rows.fields.filter((f) => rows.sections.find((s) => s.id === f.sectionId)?.type === type);
  const cover: Record<string, string> = {
    audit_date: day(-30),
    auditor: 'Álvaro Auditor',
    location: 'Cocina principal',
    summary: 'Cocina en buen estado general; falta completar el registro diario de temperaturas.',
    objective: 'Verificar el cumplimiento del plan APPCC.',
  };
  await setFieldValuesIn(
    tx,
    caller,
    done.id,
    'DATA',
    values('DATA').map((f) => ({ _id: f.id, value: cover[f.type] ?? null })),
  );
  // .test: the e-mail rule takes top-level domains of 2 to 4 letters (.example would be 497).
  const contact: Record<string, string> = { contact_information: JSON.stringify([{ name: 'Marta Ruiz', email: 'calidad.valencia@marazul.test' }]) };
  await setFieldValuesIn(
    tx,
    caller,
    done.id,
    'CONTACTS',
    values('CONTACTS').map((f) => ({ _id: f.id, value: contact[f.type] ?? null })),
  );
  if (rows.questionnaire) {
    const answers = rows.questionnaire.questionsAnswers.map((qa) => ({
      _id: qa._id,
      answer: qa.type === 'SIMPLE' ? 'No' : 'No ha habido emergencias desde la última visita.',
    }));
    await saveAnswersIn(tx, caller, done.id, answers, view);
    await setSentIn(tx, caller, done.id, true, view);
  }
  await finishIn(tx, caller, done.id, view);
  await setShareIn(tx, caller, done.id, true, view);

  const draft = await createAuditIn(tx, caller, { ...base, startDate: day(7), date: [day(7), day(8)] }, []);
  return { finished: done.id, draft: draft.id };
}

/** Conforme for every scored question (No conforme for the failing one), readings in range, simple values for the rest. */
function answerFor(q: Awaited<ReturnType<typeof loadTree>>['questions'][number], fail: boolean): TTemplateAnswer | null {
  if (q.type === 'select') {
    const options = q.config.select?.options ?? [];
    const option = fail ? options.find((o) => o.failed) : options.find((o) => !o.failed);
    return option ? { type: 'select', select: [option._id] } : null;
  }
  if (q.type === 'readingRegistry') {
    const config = q.config.readingRegistry;
    if (!config) return null;
    const [fridge, freezer] = config.options;
    return {
      type: 'readingRegistry',
      readingRegistry: config.placesMeasure.map((place, i) => {
        const option = i < config.placesMeasure.length - 1 || !freezer ? fridge! : freezer;
        return { placesMeasure: place._id, optionKey: option.key, value: option === freezer ? -20 : 3 };
      }),
    };
  }
  if (q.type === 'number') return { type: 'number', number: 4 };
  if (q.config.text?.answerType === 'PARAGRAPH' || q.type === 'paragraph')
    return { type: 'paragraph', paragraph: 'Temperaturas dentro de rango en todas las cámaras.' };
  return { type: 'text', text: 'Correcto' };
}
