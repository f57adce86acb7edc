import { z } from './zod.js';
import { EMAIL_PATTERN } from './validators.js';
import { RISK_LEVELS } from './constants.js';
import { BOUNDS, zBounded } from './bounds.js';
import { maxSelectScore, QUESTION_OUT_FIELDS, ZRef, type TPlaceMeasure, type TReadingOption, type TSelectConfig, type TTextConfig } from './templates.js';

/**
 * Audits: the shapes the server answers and the browser keeps (product document, sections 3 and 4;
 * calls document, section 7.1), and the rules both sides must agree on: what an answer scores,
 * when a question is failed, the section and audit scores, the incident counts and the finishing
 * checks. The server is the authority (check-score, finished); the browser runs the same code to
 * show the result at once. See docs/decisions/0007-audit-scoring.md.
 */
export const AUDIT_STATUSES = ['draft', 'accepted', 'running', 'finished'] as const;
export type TAuditStatus = (typeof AUDIT_STATUSES)[number];
/** Statuses in which answers, issues, notes, cover and contacts may change. */
export const RUNNABLE_STATUSES: readonly TAuditStatus[] = ['running'];
export const RISKS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type TRisk = (typeof RISKS)[number];
/** How many copies of one duplicable section an audit may hold (beyond that: 2222). */
export const MAX_SECTION_COPIES = 20;

const ZId = z.string().uuid();

/** What an answer holds, by kind (calls document, section 3). */
export const ZTemplateAnswer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('number'), number: zBounded(BOUNDS.numberAnswer).nullable() }),
  z.object({ type: z.literal('select'), select: z.array(ZId).max(50) }),
  z.object({ type: z.literal('text'), text: z.string().max(20000).nullable() }),
  z.object({ type: z.literal('paragraph'), paragraph: z.string().max(20000).nullable() }),
  z.object({
    type: z.literal('readingRegistry'),
    readingRegistry: z.array(z.object({ placesMeasure: ZId, optionKey: z.string().min(1).max(50), value: zBounded(BOUNDS.reading).nullable() })).max(5000),
  }),
]);
export type TTemplateAnswer = z.infer<typeof ZTemplateAnswer>;
export const ZAnswerInput = z.object({ section: ZId, question: ZId, templateAnswer: ZTemplateAnswer });
export type TAnswerInput = z.infer<typeof ZAnswerInput>;

/** An ISO date-time (with offset) or a calendar date; the server stores UTC start / end of day. */
const ZIsoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
export const ZDateRange = z.tuple([ZIsoDate, ZIsoDate]);

/** POST /audits: the wizard's body. */
export const ZCreateAudit = z.object({
  client: ZId,
  establishment: ZId,
  service: ZId,
  template: ZId,
  auditor: ZId,
  startDate: ZIsoDate,
  date: ZDateRange,
});
export type TCreateAudit = z.infer<typeof ZCreateAudit>;

/** PATCH /audits/{id}/auditor: plan the audit for another of the company's auditors (until it starts). */
export const ZAssignAuditor = z.object({ auditor: ZId });
export type TAssignAuditor = z.infer<typeof ZAssignAuditor>;

/** Wizard options: the services with a goal for an establishment, and the company's auditors. */
export const ZWizardService = z.object({
  _id: z.string(),
  name: z.string(),
  isPoolService: z.boolean(),
  valueGoal: z.number(),
  templates: z.array(z.string()),
});
export const ZWizardAuditor = z.object({ _id: z.string(), fullName: z.string(), email: z.string() });
export type TWizardService = z.infer<typeof ZWizardService>;
export type TWizardAuditor = z.infer<typeof ZWizardAuditor>;

/** PATCH …/questions/{id}/issues-tasks: raise or clear issues, mark or unmark their tasks. */
export const ZIssuesTasksBody = z.object({
  issuesToAdd: z.array(ZId).max(100).default([]),
  issuesToRemove: z.array(ZId).max(100).default([]),
  tasksToAdd: z
    .array(z.object({ issue: ZId, task: ZId }))
    .max(200)
    .default([]),
  tasksToRemove: z
    .array(z.object({ issue: ZId, task: ZId }))
    .max(200)
    .default([]),
});
export type TIssuesTasksChange = z.input<typeof ZIssuesTasksBody>;

/** Cover update / contact update: `{_id, value}` per field. */
export const ZFieldValues = z.array(z.object({ _id: ZId, value: z.string().max(20000).nullable() })).max(500);

/** The answer kind each question type takes; every other type is a text input. */
export function answerTypeOf(questionType: string, textConfig?: TTextConfig | null): TTemplateAnswer['type'] {
  if (questionType === 'number') return 'number';
  if (questionType === 'select') return 'select';
  if (questionType === 'readingRegistry') return 'readingRegistry';
  if (questionType === 'paragraph' || textConfig?.answerType === 'PARAGRAPH') return 'paragraph';
  return 'text';
}

// ---------------------------------------------------------------- response schemas
// What the server answers for audits: its routes validate and filter with these (the response
// schema is the allow-list) and both sides' types are inferred from them (docs/api/audits.md).

export const ZAuditTask = z.object({ _id: z.string(), name: z.string(), selected: z.boolean() });
export const ZEvidence = z.object({ _id: z.string(), type: z.literal('photo'), url: z.string(), observation: z.string().nullable() });
export const ZNoteImage = z.object({ _id: z.string(), url: z.string() });

/** An incident template offered on a question (copied from the template when the audit was created). */
export const ZIncidence = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  riskLevel: z.enum(RISK_LEVELS),
  deductionPercentage: z.number(),
  tasks: z.array(z.object({ _id: z.string(), name: z.string() })),
});

/** An issue the auditor raised: an incidence that is selected on this question. */
export const ZAuditIssue = z.object({
  _id: z.string(),
  section: z.string(),
  question: z.string(),
  templateIssue: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  riskLevel: z.enum(RISK_LEVELS),
  deductionPercentage: z.number(),
  selected: z.boolean(),
  solvedInPlace: z.boolean(),
  tasks: z.array(ZAuditTask),
  evidences: z.array(ZEvidence),
});

export const ZAnswer = z.object({ _id: z.string(), templateAnswer: ZTemplateAnswer, score: z.number(), failed: z.boolean(), updatedAt: z.string() });
/** An answer as the answer calls return it: with its section and question. */
export const ZAnswerOfQuestion = ZAnswer.extend({ section: z.string(), question: z.string() });

/** An audit's copy of a template question (the question's fields are the template's, templates.ts) with its answer, note and issues. */
export const ZAuditQuestion = z.object({
  _id: z.string(),
  section: z.string(),
  templateQuestion: z.string().nullable(),
  ...QUESTION_OUT_FIELDS,
  incidences: z.array(ZIncidence),
  note: z.string().nullable(),
  noteImages: z.array(ZNoteImage),
  answer: ZAnswer.nullable(),
  issues: z.array(ZAuditIssue),
});

export const ZAuditField = z.object({
  _id: z.string(),
  label: z.string(),
  type: z.string(),
  required: z.boolean(),
  value: z.string().nullable(),
  position: z.number(),
});

export const ZIssueCounts = z.object({
  totalIssuesCount: z.number(),
  totalIssuesResolved: z.number(),
  highRiskIssuesCount: z.number(),
  ieIssuesCount: z.number(),
  mediumIssuesCount: z.number(),
  lowIssuesCount: z.number(),
  infraIssuesCount: z.number(),
});

export const ZAuditSection = ZIssueCounts.extend({
  _id: z.string(),
  title: z.string(),
  type: z.enum(['DATA', 'QUESTION', 'CONTACTS']),
  duplicable: z.boolean(),
  isDuplicated: z.boolean(),
  /** The section this one copies (duplicated sections only). */
  duplicatedFrom: z.string().nullable(),
  position: z.number(),
  fields: z.array(ZAuditField),
  questions: z.array(ZAuditQuestion),
  totalScore: z.number(),
  finalScore: z.number(),
});

export const ZQuestionnaireAnswer = z.object({
  _id: z.string(),
  sectionTitle: z.string(),
  question: z.string(),
  type: z.enum(['SIMPLE', 'PARAGRAPH']),
  answer: z.string().nullable(),
  images: z.array(ZNoteImage),
});
export const ZQuestionnaire = z.object({ _id: z.string(), sent: z.boolean(), questionsAnswers: z.array(ZQuestionnaireAnswer) });

/** An id and a name (one definition, templates.ts). */
export { ZRef };
export const ZDeduction = z.object({ issue: z.string(), name: z.string(), percentage: z.number() });

/** The actions of an audit's policy (apps/server/src/modules/audits/policy.ts, decision 0020). */
export const AUDIT_ACTIONS = ['read', 'update', 'assign', 'start', 'run', 'reopen', 'share'] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export const ZAuditCan = z.object(Object.fromEntries(AUDIT_ACTIONS.map((a) => [a, z.boolean()])) as Record<TAuditAction, z.ZodBoolean>);

/** Row of the audit lists (search) and the preview: the audit without its tree. */
export const ZAuditListItem = ZIssueCounts.extend({
  _id: z.string(),
  status: z.enum(AUDIT_STATUSES),
  template: ZRef.extend({ language: z.string() }),
  client: ZRef,
  establishment: ZRef,
  service: ZRef.extend({ isPoolService: z.boolean() }),
  auditor: ZRef.nullable(),
  owner: ZRef.nullable(),
  areaAccess: ZRef.nullable(),
  startDate: z.string(),
  date: z.tuple([z.string(), z.string()]),
  valueGoal: z.number().nullable(),
  hasPreviousAudit: z.boolean(),
  isIncomplete: z.boolean(),
  totalScore: z.number(),
  finalScore: z.number(),
  percentage: z.number().nullable(),
  deductions: z.array(ZDeduction),
  recalculatedRisk: z.enum(RISKS),
  share: z.object({ enabled: z.boolean(), url: z.string().nullable() }),
  pdf: z.object({ ready: z.boolean(), url: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedDate: z.string().nullable(),
  /** What the caller may do with it, answered by the server's audit policy (the web never decides). */
  can: ZAuditCan,
});

/**
 * GET audits/{id}/get-preview: the list row plus the titles of its sections, in order (product
 * document section 2: the audit detail shows client, establishment, owner and the sections), still
 * without the questions, answers and issues.
 */
export const ZAuditPreview = ZAuditListItem.extend({
  sections: z.array(z.object({ _id: z.string(), title: z.string(), type: z.string() })),
});
export type TAuditPreview = z.infer<typeof ZAuditPreview>;

/** GET /ms-core/api/audits/{id}: everything the run view and the report need, in one answer. */
export const ZAudit = ZAuditListItem.extend({
  coverFields: z.array(ZAuditField),
  contactFields: z.array(ZAuditField),
  sections: z.array(ZAuditSection),
  questionnaire: ZQuestionnaire.nullable(),
  /** The IANA zone of the establishment: its instants (finished date) are shown as days there (dates.ts). */
  timeZone: z.string(),
});

export type TAuditTask = z.infer<typeof ZAuditTask>;
export type TEvidence = z.infer<typeof ZEvidence>;
export type TNoteImage = z.infer<typeof ZNoteImage>;
export type TIncidence = z.infer<typeof ZIncidence>;
export type TAuditIssue = z.infer<typeof ZAuditIssue>;
export type TAnswer = z.infer<typeof ZAnswer>;
export type TAuditQuestion = z.infer<typeof ZAuditQuestion>;
export type TAuditField = z.infer<typeof ZAuditField>;
export type TIssueCounts = z.infer<typeof ZIssueCounts>;
export type TAuditSection = z.infer<typeof ZAuditSection>;
export type TQuestionnaireAnswer = z.infer<typeof ZQuestionnaireAnswer>;
export type TQuestionnaire = z.infer<typeof ZQuestionnaire>;
export type TRef = z.infer<typeof ZRef>;
export type TDeduction = z.infer<typeof ZDeduction>;
export type TAuditCan = z.infer<typeof ZAuditCan>;
export type TAuditListItem = z.infer<typeof ZAuditListItem>;
export type TAudit = z.infer<typeof ZAudit>;

// ---------------------------------------------------------------- rules

const round2 = (n: number) => Math.round(n * 100) / 100;

// Answer scoring lives in answer-score.ts, free of zod, so the offline layer's eager code can use it
// without pulling the schemas into the sign-in page (docs/decisions/0017).
export { evaluateAnswer, scoreSelect } from './answer-score.js';
import { evaluateAnswer } from './answer-score.js';

/** Single select replaces the selection; multiselect toggles the option (product document, section 4). */
export function nextSelection(config: Pick<TSelectConfig, 'multiselect'>, current: readonly string[], optionId: string): string[] {
  if (!config.multiselect) return [optionId];
  return current.includes(optionId) ? current.filter((id) => id !== optionId) : [...current, optionId];
}

export function isAnswered(question: Pick<TAuditQuestion, 'answer'>): boolean {
  const a = question.answer?.templateAnswer;
  if (!a) return false;
  switch (a.type) {
    case 'select':
      return a.select.length > 0;
    case 'number':
      return a.number !== null;
    case 'text':
      return Boolean(a.text?.trim());
    case 'paragraph':
      return Boolean(a.paragraph?.trim());
    case 'readingRegistry':
      return a.readingRegistry.some((r) => r.value !== null);
  }
}

export const isFailed = (question: Pick<TAuditQuestion, 'type' | 'select' | 'answer'>) => evaluateAnswer(question, question.answer?.templateAnswer).failed;

/** Points a question can give: the best option(s) of a scored select, else 0. */
export const questionMaxScore = (question: Pick<TAuditQuestion, 'type' | 'select'>) =>
  question.type === 'select' && question.select?.scoring ? maxSelectScore(question.select) : 0;

type TScoredQuestion = Pick<TAuditQuestion, 'type' | 'select' | 'answer' | 'issues'>;
type TScoredSection = { _id: string; questions: TScoredQuestion[] };

/**
 * Section scores: total = the points the answered scored questions could give, final = the points
 * they gave. An unanswered question counts in neither, so the percentage of a running audit speaks
 * of what was seen; at finishing every question is answered.
 */
export function sectionScore(section: TScoredSection): { totalScore: number; finalScore: number } {
  let totalScore = 0;
  let finalScore = 0;
  for (const q of section.questions) {
    if (q.type !== 'select' || !q.select?.scoring || !isAnswered(q)) continue;
    totalScore += questionMaxScore(q);
    finalScore += evaluateAnswer(q, q.answer?.templateAnswer).score;
  }
  return { totalScore: round2(totalScore), finalScore: round2(finalScore) };
}

const issuesOf = (sections: TScoredSection[]) => sections.flatMap((s) => s.questions.flatMap((q) => q.issues.filter((i) => i.selected)));

/** Deductions: the selected issues not solved in place with a deduction, largest first. */
export function deductionsOf(sections: TScoredSection[]): TDeduction[] {
  return issuesOf(sections)
    .filter((i) => !i.solvedInPlace && i.deductionPercentage > 0)
    .map((i) => ({ issue: i._id, name: i.name, percentage: i.deductionPercentage }))
    .sort((a, b) => b.percentage - a.percentage || a.issue.localeCompare(b.issue));
}

/** Calls document, section 9: final x 100 / total, less the first deduction; one decimal; never below 0. */
export function scorePercentage(totalScore: number, finalScore: number, deductions: readonly TDeduction[]): number | null {
  if (totalScore <= 0) return null;
  const value = (finalScore * 100) / totalScore - (deductions[0]?.percentage ?? 0);
  return Math.max(0, Math.round(value * 10) / 10);
}

export function issueCounts(issues: readonly Pick<TAuditIssue, 'selected' | 'riskLevel' | 'solvedInPlace'>[]): TIssueCounts {
  const selected = issues.filter((i) => i.selected);
  const count = (...levels: string[]) => selected.filter((i) => levels.includes(i.riskLevel)).length;
  return {
    totalIssuesCount: selected.length,
    totalIssuesResolved: selected.filter((i) => i.solvedInPlace).length,
    // "High risk including infrastructure-equivalent": high, IE and P1 issues.
    highRiskIssuesCount: count('high', 'IE', 'P1'),
    ieIssuesCount: count('IE'),
    mediumIssuesCount: count('medium'),
    lowIssuesCount: count('low'),
    infraIssuesCount: count('infrastructure'),
  };
}

export const riskOf = (counts: TIssueCounts): TRisk => (counts.highRiskIssuesCount > 0 ? 'HIGH' : counts.mediumIssuesCount > 0 ? 'MEDIUM' : 'LOW');

export interface TAuditScore {
  sections: { _id: string; totalScore: number; finalScore: number }[];
  totalScore: number;
  finalScore: number;
  deductions: TDeduction[];
  percentage: number | null;
}

/** The whole audit's score, from its sections' questions, answers and issues (check-score computes the same). */
export function auditScore(sections: TScoredSection[]): TAuditScore {
  const perSection = sections.map((s) => ({ _id: s._id, ...sectionScore(s) }));
  const totalScore = round2(perSection.reduce((sum, s) => sum + s.totalScore, 0));
  const finalScore = round2(perSection.reduce((sum, s) => sum + s.finalScore, 0));
  const deductions = deductionsOf(sections);
  return { sections: perSection, totalScore, finalScore, deductions, percentage: scorePercentage(totalScore, finalScore, deductions) };
}

/** A reading outside what its option expects (shown as a warning; it does not fail the question). */
export { isReadingCompliant } from './templates.js';
export type { TPlaceMeasure, TReadingOption };

export type TFinishProblem = { reference: 'AUD0001' | '493' | '495' | '496' | '497'; questions: string[] };

/**
 * Why an audit cannot finish, in the order the server checks (calls document, section 8):
 * unanswered required questions (AUD0001, a project addition), failed answers without a selected
 * issue (493), non-failed answers with issues or solved-in-place issues whose tasks are not all
 * marked (495), contacts without name or e-mail, or a required name / e-mail contact field left empty
 * (496), or with a badly formatted e-mail (497).
 */
export function finishProblems(audit: { sections: Pick<TAuditSection, 'type' | 'questions' | 'fields'>[] }): TFinishProblem | null {
  const questions = audit.sections.filter((s) => s.type === 'QUESTION').flatMap((s) => s.questions);
  for (const reference of QUESTION_PROBLEMS) {
    const found = questions.filter((q) => questionProblem(q) === reference);
    if (found.length) return { reference, questions: found.map((q) => q._id) };
  }
  const contacts = contactEntries(audit.sections);
  // A required name / e-mail contact field left empty is a contact without name or e-mail too.
  const emptyRequired = audit.sections
    .filter((s) => s.type === 'CONTACTS')
    .flatMap((s) => s.fields)
    .some((f) => f.required && CONTACT_NAME_OR_EMAIL_TYPES.includes(f.type) && !f.value?.trim());
  if (emptyRequired || contacts.some((c) => !c.name.trim() || !c.email.trim())) return { reference: '496', questions: [] };
  if (contacts.some((c) => !EMAIL_PATTERN.test(c.email.trim()))) return { reference: '497', questions: [] };
  return null;
}

const QUESTION_PROBLEMS = ['AUD0001', '493', '495'] as const;

/**
 * What stops one question from finishing (finishProblems' question checks, in their order), or null:
 * the run view drops a question's finishing warning as soon as it is fixed.
 */
export function questionProblem(q: TAuditQuestion): (typeof QUESTION_PROBLEMS)[number] | null {
  if (q.required && !isAnswered(q)) return 'AUD0001';
  const selectedIssues = q.issues.filter((i) => i.selected);
  if (isFailed(q) && selectedIssues.length === 0) return '493';
  if ((!isFailed(q) && selectedIssues.some((i) => !i.solvedInPlace)) || selectedIssues.some((i) => i.solvedInPlace && i.tasks.some((t) => !t.selected)))
    return '495';
  return null;
}

/** Contact fields that hold a contact's name or e-mail (a required one must not be empty to finish). */
const CONTACT_NAME_OR_EMAIL_TYPES = ['text', 'email', 'contact_information'];

/**
 * Contacts of CONTACTS sections: each `contact_information` field holds a JSON list of
 * `{name, email}`; `email` fields hold comma-separated e-mails (name taken from the label).
 */
export function contactEntries(sections: Pick<TAuditSection, 'type' | 'fields'>[]): { name: string; email: string }[] {
  const entries: { name: string; email: string }[] = [];
  for (const field of sections.filter((s) => s.type === 'CONTACTS').flatMap((s) => s.fields)) {
    if (field.type === 'contact_information') entries.push(...parseContacts(field.value));
    if (field.type === 'email' && field.value?.trim()) field.value.split(',').forEach((email) => entries.push({ name: field.label, email: email.trim() }));
  }
  return entries;
}

export function parseContacts(value: string | null | undefined): { name: string; email: string }[] {
  if (!value?.trim()) return [];
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list)
      ? list.map((c) => ({ name: String((c as { name?: unknown })?.name ?? ''), email: String((c as { email?: unknown })?.email ?? '') }))
      : [];
  } catch {
    return [{ name: '', email: '' }];
  }
}
