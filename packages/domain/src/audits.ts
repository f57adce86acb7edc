import { z } from 'zod';
import { EMAIL_PATTERN } from './validators.js';
import { maxSelectScore, type TPlaceMeasure, type TReadingOption, type TSelectConfig, type TReadingRegistryConfig, type TTextConfig, type TRiskLevel } from './templates.js';

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
  z.object({ type: z.literal('number'), number: z.number().finite().nullable() }),
  z.object({ type: z.literal('select'), select: z.array(ZId).max(50) }),
  z.object({ type: z.literal('text'), text: z.string().max(20000).nullable() }),
  z.object({ type: z.literal('paragraph'), paragraph: z.string().max(20000).nullable() }),
  z.object({
    type: z.literal('readingRegistry'),
    readingRegistry: z.array(z.object({ placesMeasure: ZId, optionKey: z.string().min(1).max(50), value: z.number().finite().nullable() })).max(5000),
  }),
]);
export type TTemplateAnswer = z.infer<typeof ZTemplateAnswer>;
export const ZAnswerInput = z.object({ section: ZId, question: ZId, templateAnswer: ZTemplateAnswer });
export type TAnswerInput = z.infer<typeof ZAnswerInput>;

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

export interface TAuditTask { _id: string; name: string; selected: boolean }
export interface TEvidence { _id: string; type: 'photo'; url: string; observation: string | null }
export interface TNoteImage { _id: string; url: string }

/** An incident template offered on a question (copied from the template when the audit was created). */
export interface TIncidence {
  _id: string;
  name: string;
  description: string | null;
  riskLevel: TRiskLevel;
  deductionPercentage: number;
  tasks: { _id: string; name: string }[];
}

/** An issue the auditor raised: an incidence that is selected on this question. */
export interface TAuditIssue {
  _id: string;
  section: string;
  question: string;
  templateIssue: string | null;
  name: string;
  description: string | null;
  riskLevel: TRiskLevel;
  deductionPercentage: number;
  selected: boolean;
  solvedInPlace: boolean;
  tasks: TAuditTask[];
  evidences: TEvidence[];
}

export interface TAnswer { _id: string; templateAnswer: TTemplateAnswer; score: number; failed: boolean; updatedAt: string }

export interface TAuditQuestion {
  _id: string;
  section: string;
  templateQuestion: string | null;
  name: string;
  type: string;
  description: string | null;
  required: boolean;
  position: number;
  select: TSelectConfig | null;
  readingRegistry: TReadingRegistryConfig | null;
  text: TTextConfig | null;
  maxScore: number;
  incidences: TIncidence[];
  note: string | null;
  noteImages: TNoteImage[];
  answer: TAnswer | null;
  issues: TAuditIssue[];
}

export interface TAuditField { _id: string; label: string; type: string; required: boolean; value: string | null; position: number }

export interface TIssueCounts {
  totalIssuesCount: number;
  totalIssuesResolved: number;
  highRiskIssuesCount: number;
  ieIssuesCount: number;
  mediumIssuesCount: number;
  lowIssuesCount: number;
  infraIssuesCount: number;
}

export interface TAuditSection extends TIssueCounts {
  _id: string;
  title: string;
  type: 'DATA' | 'QUESTION' | 'CONTACTS';
  duplicable: boolean;
  isDuplicated: boolean;
  /** The section this one copies (duplicated sections only). */
  duplicatedFrom: string | null;
  position: number;
  fields: TAuditField[];
  questions: TAuditQuestion[];
  totalScore: number;
  finalScore: number;
}

export interface TQuestionnaireAnswer { _id: string; sectionTitle: string; question: string; type: 'SIMPLE' | 'PARAGRAPH'; answer: string | null; images: TNoteImage[] }
export interface TQuestionnaire { _id: string; sent: boolean; questionsAnswers: TQuestionnaireAnswer[] }

export interface TRef { _id: string; name: string }
export interface TDeduction { issue: string; name: string; percentage: number }

/** GET /ms-core/api/audits/{id}: everything the run view and the report need, in one answer. */
export interface TAudit extends TIssueCounts {
  _id: string;
  status: TAuditStatus;
  template: TRef & { language: string };
  client: TRef;
  establishment: TRef;
  service: TRef & { isPoolService: boolean };
  auditor: TRef | null;
  owner: TRef | null;
  areaAccess: TRef | null;
  startDate: string;
  date: [string, string];
  valueGoal: number | null;
  hasPreviousAudit: boolean;
  isIncomplete: boolean;
  totalScore: number;
  finalScore: number;
  percentage: number | null;
  deductions: TDeduction[];
  recalculatedRisk: TRisk;
  coverFields: TAuditField[];
  contactFields: TAuditField[];
  sections: TAuditSection[];
  questionnaire: TQuestionnaire | null;
  share: { enabled: boolean; url: string | null };
  pdf: { ready: boolean; url: string | null };
  createdAt: string;
  updatedAt: string;
  finishedDate: string | null;
  /** The IANA zone of the establishment: its instants (finished date) are shown as days there (dates.ts). */
  timeZone: string;
}

/** Row of the audit lists (search). */
export type TAuditListItem = Omit<TAudit, 'sections' | 'questionnaire' | 'coverFields' | 'contactFields' | 'timeZone'>;

// ---------------------------------------------------------------- rules

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What a select answer scores and whether it fails: the sum of the chosen options' scores (0 when not scored). */
export function scoreSelect(config: Pick<TSelectConfig, 'scoring' | 'options'> | null | undefined, selected: readonly string[]): { score: number; failed: boolean } {
  if (!config) return { score: 0, failed: false };
  const chosen = config.options.filter((o) => selected.includes(o._id));
  return { score: config.scoring ? round2(chosen.reduce((sum, o) => sum + o.score, 0)) : 0, failed: chosen.some((o) => o.failed) };
}

/** Score and failure of any answer (only select answers score or fail). */
export function evaluateAnswer(question: Pick<TAuditQuestion, 'type' | 'select'>, answer: TTemplateAnswer | null | undefined): { score: number; failed: boolean } {
  if (!answer || answer.type !== 'select' || question.type !== 'select') return { score: 0, failed: false };
  return scoreSelect(question.select, answer.select);
}

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
  const unanswered = questions.filter((q) => q.required && !isAnswered(q));
  if (unanswered.length) return { reference: 'AUD0001', questions: unanswered.map((q) => q._id) };
  const selectedIssues = (q: TAuditQuestion) => q.issues.filter((i) => i.selected);
  const failedWithout = questions.filter((q) => isFailed(q) && selectedIssues(q).length === 0);
  if (failedWithout.length) return { reference: '493', questions: failedWithout.map((q) => q._id) };
  const wrongIssues = questions.filter(
    (q) => (!isFailed(q) && selectedIssues(q).some((i) => !i.solvedInPlace)) || selectedIssues(q).some((i) => i.solvedInPlace && i.tasks.some((t) => !t.selected)),
  );
  if (wrongIssues.length) return { reference: '495', questions: wrongIssues.map((q) => q._id) };
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
    return Array.isArray(list) ? list.map((c) => ({ name: String((c as { name?: unknown })?.name ?? ''), email: String((c as { email?: unknown })?.email ?? '') })) : [];
  } catch {
    return [{ name: '', email: '' }];
  }
}
