import { eq } from 'drizzle-orm';
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
import { audits } from '../modules/audits/tables.js';
import { loadTree } from '../modules/audits/tree-repo.js';
import type { TConfig } from '../config.js';
import type { TSeedSpace } from './build.js';
import { addDemoEvidence, AUDIT_HISTORY, LATEST_SUMMARY, REPEATED_FINDING, type TDemoVisit } from './audit-history.js';

/**
 * Demo audits of the hygiene template at Hotel Mar Azul, made through the audits module's own rules
 * (inside the seed's transaction): half a year of finished ones at its two establishments
 * (audit-history.ts), the latest at Valencia a month ago, answered, with a failed answer, its issue,
 * task and photo, stored scores and its public link open (the client sees a report), and one draft
 * for next week assigned to the demo auditor (the auditor has something to run).
 */
export interface TDemoAuditPlaces {
  root: TSeedSpace;
  client: TSeedSpace;
  establishment: TSeedSpace;
  secondEstablishment: TSeedSpace;
  auditorId: string;
  serviceId: string;
  templateId: string;
  /** Where the demo photo is stored; without it (most tests) the audits carry no photo. */
  files?: TConfig;
}

// The seed needs no URLs: nothing it writes is presented to anyone (the browser bench's finished audit neither).
export const view: TAuditView = {
  shareUrl: (id, language) => `/share-audit-report/${id}?lang=${language}`,
  fileUrl: (id) => id,
  auditUrl: (id) => `/auditor/audits?audit=${id}`,
};
/** Days counted from today where the demo company is (Europe/Madrid). */
const day = (offset: number) => addDays(todayInZone(DEFAULT_TIME_ZONE), offset);

/** The demo auditor acting in the company (what the seed's audit writes run as). */
const auditorCaller = (p: { auditorId: string; root: TSeedSpace }): TAuth => ({
  userId: p.auditorId,
  spaceId: p.root.id,
  spacePath: p.root.path,
  permissions: ['AUDIT:READ', 'AUDIT:CREATE', 'AUDIT:WRITE'],
  roles: ['auditor'],
  access: NO_ACCESS,
  isAdmin: false,
  isAuditor: true,
  language: 'es',
});

export async function seedDemoAudits(tx: TDb, p: TDemoAuditPlaces) {
  const caller = auditorCaller(p);
  const base = { client: p.client.id, service: p.serviceId, template: p.templateId, auditor: p.auditorId };
  const places = { valencia: p.establishment, alicante: p.secondEstablishment };
  // Half a year of visits before the latest (statistics with several months and two establishments).
  for (const visit of AUDIT_HISTORY) {
    await finishedAudit(tx, caller, { ...base, establishment: places[visit.at].id }, visit, p.files);
  }
  const latest = { at: 'valencia' as const, day: -30, fails: [REPEATED_FINDING], summary: LATEST_SUMMARY, photo: true };
  const done = await finishedAudit(tx, caller, { ...base, establishment: p.establishment.id }, latest, p.files);
  await setShareIn(tx, caller, done, true, view);

  const draft = await createAuditIn(tx, caller, { ...base, establishment: p.establishment.id, startDate: day(7), date: [day(7), day(8)] }, []);
  return { finished: done, draft: draft.id };
}

/** One audit made and finished on `date`: answered, its failed questions with their first incidence. */
async function finishedAudit(
  tx: TDb,
  caller: TAuth,
  base: { client: string; establishment: string; service: string; template: string; auditor: string },
  visit: Omit<TDemoVisit, 'at'>,
  files?: TConfig,
  date = day(visit.day),
) {
  const done = await createAuditIn(tx, caller, { ...base, startDate: date, date: [date, date] }, []);
  await executeIn(tx, caller, done.id, false);
  const rows = await loadTree(tx, done.id);
  const failed = rows.questions.filter((q) => q.type === 'select' && visit.fails.some((name) => q.name.startsWith(name)));
  for (const q of rows.questions) {
    const answer = answerFor(q, failed.includes(q));
    if (answer) await saveAnswerIn(tx, caller, done.id, { section: q.sectionId, question: q.id, templateAnswer: answer });
  }
  for (const q of failed) {
    const incidence = q.incidences[q.name.startsWith('¿Los suelos') && visit.day < -140 ? 1 : 0]!;
    const issuesToAdd = [incidence._id];
    await changeIssuesTasksIn(tx, caller, done.id, q.sectionId, q.id, { issuesToAdd, issuesToRemove: [], tasksToAdd: [], tasksToRemove: [] }, view);
  }
  if (visit.photo && files && failed[0]) await addDemoEvidence(tx, files, done.id, failed[0].id);
  const values = (type: string) => rows.fields.filter((f) => rows.sections.find((s) => s.id === f.sectionId)?.type === type);
  const cover: Record<string, string> = {
    audit_date: date,
    auditor: 'Álvaro Auditor',
    location: 'Cocina principal',
    summary: visit.summary ?? 'Cocina en buen estado general.',
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
  // Finished on its own day, as the auditor would have: the homes' "just finished" lists and their
  // dates read the finish, and half a year of audits all finished at the seed's moment looked odd.
  await tx
    .update(audits)
    .set({ finishedDate: new Date(`${date}T12:00:00Z`) })
    .where(eq(audits.id, done.id));
  return done.id;
}

/** Conforme for every scored question (No conforme for the failing one), readings in range, simple values for the rest (the browser bench's report answers too). */
export function answerFor(q: Awaited<ReturnType<typeof loadTree>>['questions'][number], fail: boolean): TTemplateAnswer | null {
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

/**
 * The visits calendar's demo (decision 0087): visits of the demo auditor spread over this month and
 * the next at the three demo establishments: done ones (at El Olivo Centro) on four days of the last two weeks and a half,
 * planned ones from tomorrow to the end of next month. Hotel Mar Azul's visit window (visit days 5
 * and 20; Alicante: March to October, day 10) refuses most days, so a move there says why.
 */
export async function seedDemoVisits(
  tx: TDb,
  p: { root: TSeedSpace; auditorId: string; serviceId: string; templateId: string; places: { client: TSeedSpace; establishment: TSeedSpace }[] },
) {
  const caller = auditorCaller(p);
  const today = todayInZone(DEFAULT_TIME_ZONE);
  const [y, m] = today.split('-').map(Number) as [number, number];
  const lastOfNext = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
  const at = (i: number) => p.places[i % p.places.length]!;
  const create = (i: number, visit: string) =>
    createAuditIn(
      tx,
      caller,
      {
        client: at(i).client.id,
        establishment: at(i).establishment.id,
        service: p.serviceId,
        template: p.templateId,
        auditor: p.auditorId,
        startDate: visit,
        date: [visit, visit],
      },
      [],
    );
  // Done visits at El Olivo only, clean (nothing failed): Hotel Mar Azul's figures, repeat findings
  // and 30-day home figures stay those of its own history (audit-history.ts).
  // Always four, the last yesterday: on the first days of a month some fall in the one before (on
  // the 1st, "the days of this month already past" were none, and El Olivo had no finished audit).
  const olivo = p.places[0]!;
  const doneDays = [16, 10, 5, 1].map((daysAgo) => addDays(today, -daysAgo));
  for (const visit of doneDays) {
    const base = { client: olivo.client.id, establishment: olivo.establishment.id, service: p.serviceId, template: p.templateId, auditor: p.auditorId };
    await finishedAudit(tx, caller, base, { day: 0, fails: [] }, undefined, visit);
  }
  const plannedDays = [1, 2, 4, 6, 9, 13, 16, 20, 24, 29, 33, 38, 44, 50, 56].map((offset) => addDays(today, offset)).filter((d) => d <= lastOfNext);
  for (const [i, visit] of plannedDays.entries()) await create(i + 1, visit);
}
