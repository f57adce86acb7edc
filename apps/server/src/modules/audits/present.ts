import {
  auditScore,
  issueCounts,
  questionMaxScore,
  riskOf,
  sectionScore,
  type TAnswer,
  type TAudit,
  type TAuditField,
  type TAuditIssue,
  type TAuditListItem,
  type TAuditQuestion,
  type TAuditScore,
  type TAuditSection,
  type TIssueCounts,
  type TQuestionnaire,
  type TRisk,
} from '@audit/domain/audits';
import type { TRiskLevel } from '@audit/domain/templates';
import { iso } from '../../platform/http.js';
import type { TIdentity } from '../../platform/identity.js';
import { auditCan } from './policy.js';
import type { TAuditHead } from './repo.js';
import type {
  TAuditAnswerRow,
  TAuditFieldRow,
  TAuditIssueRow,
  TAuditMediaRow,
  TAuditQuestionnaireRow,
  TAuditQuestionRow,
  TAuditRow,
  TAuditSectionRow,
} from './tables.js';
import type { TTreeRows } from './tree-repo.js';

/**
 * Rows -> the shapes of packages/domain/src/audits.ts, assembled in memory from one query per
 * table. Scores and counts of an audit that is not finished are computed here with the domain's
 * rules; a finished audit answers what was stored when it finished.
 */
export interface TAuditView {
  /**
   * The public report address of an audit ({host}/share-audit-report/{id}?lang={language}): the
   * link carries the report's language, so its "not available" page speaks it without the server
   * telling an unshared link's holder anything (decision 0069).
   */
  shareUrl: (auditId: string, language: string) => string;
  /** A signed address an <img> can load without a token. */
  fileUrl: (fileId: string) => string;
  /** Where the audit's auditor opens it in the app ({host}/auditor/audits?audit={id}): the assignment e-mail's link. */
  auditUrl: (auditId: string) => string;
}

export const presentField = (f: TAuditFieldRow): TAuditField => ({
  _id: f.id,
  label: f.label,
  type: f.type,
  required: f.required,
  value: f.value ?? null,
  position: f.position,
});

export const presentAnswer = (
  a: Pick<TAuditAnswerRow, 'id' | 'sectionId' | 'questionId' | 'templateAnswer' | 'score' | 'failed' | 'updatedAt'>,
): TAnswer & { section: string; question: string } => ({
  _id: a.id,
  section: a.sectionId,
  question: a.questionId,
  templateAnswer: a.templateAnswer,
  score: Number(a.score),
  failed: a.failed,
  updatedAt: iso(a.updatedAt)!,
});

export const presentIssue = (i: TAuditIssueRow, media: TAuditMediaRow[], view: TAuditView): TAuditIssue => ({
  _id: i.id,
  section: i.sectionId,
  question: i.questionId,
  templateIssue: i.templateIssueId ?? null,
  name: i.name,
  description: i.description ?? null,
  riskLevel: i.riskLevel as TRiskLevel,
  deductionPercentage: Number(i.deductionPercentage),
  // An issue row exists only while its incidence is selected (unchecking deletes it).
  selected: true,
  solvedInPlace: i.solvedInPlace,
  tasks: i.tasks ?? [],
  evidences: media
    .filter((m) => m.issueId === i.id)
    .map((m) => ({ _id: m.id, type: 'photo' as const, url: view.fileUrl(m.fileId), observation: m.observation ?? null })),
});

function groupBy<T>(items: T[], key: (item: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Issues follow the order of the question's incidences (then the order they were raised). */
export function inIncidenceOrder<T extends { templateIssueId: string | null }>(issues: T[], incidences: { _id: string }[]): T[] {
  const rank = (i: T) => {
    const at = incidences.findIndex((inc) => inc._id === i.templateIssueId);
    return at < 0 ? incidences.length : at;
  };
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => rank(a.issue) - rank(b.issue) || a.index - b.index)
    .map((x) => x.issue);
}

export function presentQuestion(
  q: TAuditQuestionRow,
  answer: TAuditAnswerRow | undefined,
  issues: TAuditIssueRow[],
  media: TAuditMediaRow[],
  view: TAuditView,
): TAuditQuestion {
  const config = q.config ?? {};
  const select = q.type === 'select' ? (config.select ?? null) : null;
  return {
    _id: q.id,
    section: q.sectionId,
    templateQuestion: q.templateQuestionId ?? null,
    name: q.name,
    type: q.type,
    description: q.description ?? null,
    required: q.required,
    position: q.position,
    select,
    readingRegistry: q.type === 'readingRegistry' ? (config.readingRegistry ?? null) : null,
    text: config.text ?? null,
    maxScore: questionMaxScore({ type: q.type, select }),
    incidences: q.incidences ?? [],
    note: q.note ?? null,
    noteImages: media.filter((m) => m.issueId === null).map((m) => ({ _id: m.id, url: view.fileUrl(m.fileId) })),
    answer: answer ? presentAnswer(answer) : null,
    issues: inIncidenceOrder(issues, q.incidences ?? []).map((i) => presentIssue(i, media, view)),
  };
}

/** Sections in order with their fields, questions, answers, issues, scores and issue counts. */
export function presentSections(
  rows: Pick<TTreeRows, 'sections' | 'fields' | 'questions' | 'answers' | 'issues' | 'media'>,
  view: TAuditView,
): TAuditSection[] {
  const answers = new Map(rows.answers.map((a) => [a.questionId, a]));
  const issues = groupBy(rows.issues, (i) => i.questionId);
  const media = groupBy(rows.media, (m) => m.questionId);
  const questions = groupBy(rows.questions, (q) => q.sectionId);
  const fields = groupBy(rows.fields, (f) => f.sectionId);
  return rows.sections.map((s) => {
    const sectionQuestions = (questions.get(s.id) ?? []).map((q) => presentQuestion(q, answers.get(q.id), issues.get(q.id) ?? [], media.get(q.id) ?? [], view));
    const section = { _id: s.id, questions: sectionQuestions };
    return {
      ...presentSectionHead(s),
      fields: (fields.get(s.id) ?? []).map(presentField),
      questions: sectionQuestions,
      ...sectionScore(section),
      ...issueCounts(sectionQuestions.flatMap((q) => q.issues)),
    };
  });
}

export const presentSectionHead = (s: TAuditSectionRow) => ({
  _id: s.id,
  title: s.title,
  type: s.type as TAuditSection['type'],
  duplicable: s.duplicable,
  isDuplicated: s.duplicatedFrom !== null,
  duplicatedFrom: s.duplicatedFrom ?? null,
  position: s.position,
});

export function presentQuestionnaire(row: TAuditQuestionnaireRow | null, view: TAuditView): TQuestionnaire | null {
  if (!row) return null;
  return {
    _id: row.id,
    sent: row.sent,
    questionsAnswers: row.questionsAnswers.map((qa) => ({
      ...qa,
      answer: qa.answer ?? null,
      images: qa.images.map((img) => ({ _id: img._id, url: view.fileUrl(img.fileId) })),
    })),
  };
}

/** An audit that lacks what running needs: an auditor, a facility type, a goal or its template (preview warning, AUD0003). */
export const isIncomplete = (row: Pick<TAuditRow, 'auditorId' | 'areaAccessId' | 'valueGoal' | 'templateId'>) =>
  !row.auditorId || !row.areaAccessId || row.valueGoal === null || !row.templateId;

const storedCounts = (row: TAuditRow): TIssueCounts => ({
  totalIssuesCount: row.totalIssuesCount,
  totalIssuesResolved: row.totalIssuesResolved,
  highRiskIssuesCount: row.highRiskIssuesCount,
  ieIssuesCount: row.ieIssuesCount,
  mediumIssuesCount: row.mediumIssuesCount,
  lowIssuesCount: row.lowIssuesCount,
  infraIssuesCount: row.infraIssuesCount,
});
const storedScore = (row: TAuditRow) => ({
  totalScore: Number(row.totalScore),
  finalScore: Number(row.finalScore),
  percentage: row.percentage === null ? null : Number(row.percentage),
  deductions: row.deductions ?? [],
});

const pickScore = ({ totalScore, finalScore, percentage, deductions }: TLive['score']) => ({ totalScore, finalScore, percentage, deductions });

export interface TLive {
  score: Pick<TAuditScore, 'totalScore' | 'finalScore' | 'percentage' | 'deductions'> & Partial<Pick<TAuditScore, 'sections'>>;
  counts: TIssueCounts;
  risk: TRisk;
  updatedAt: Date;
}

/** List item / preview: stored scores, unless `live` figures were computed from the tree; `can` for `who`. */
export function presentHead(head: TAuditHead, view: TAuditView, who: TIdentity | null, live?: TLive): TAuditListItem {
  const { row } = head;
  const ref = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);
  // The same test as reports' isCurrent: a PDF made from an older version of the audit is not ready.
  const ready = row.status === 'finished' && row.pdfStatus === 'ready' && row.pdfFileId !== null && row.pdfOf?.getTime() === row.updatedAt.getTime();
  return {
    _id: row.id,
    status: row.status as TAuditListItem['status'],
    template: { _id: row.templateId ?? '', name: row.templateName, language: row.language },
    client: { _id: row.clientId, name: head.clientName ?? '' },
    establishment: { _id: row.establishmentId, name: head.establishmentName ?? '' },
    service: { _id: row.serviceId, name: head.serviceName ?? '', isPoolService: head.isPoolService === true },
    auditor: ref(row.auditorId, head.auditorName),
    owner: ref(row.ownerId, head.ownerName),
    areaAccess: ref(row.areaAccessId, head.areaAccessName),
    startDate: iso(row.startDate)!,
    date: [iso(row.dateFrom)!, iso(row.dateTo)!],
    valueGoal: row.valueGoal === null ? null : Number(row.valueGoal),
    hasPreviousAudit: row.previousAuditId !== null,
    isIncomplete: isIncomplete(row),
    ...pickScore(live ? live.score : storedScore(row)),
    recalculatedRisk: live ? live.risk : (row.recalculatedRisk as TRisk),
    ...(live ? live.counts : storedCounts(row)),
    share: { enabled: row.shareEnabled, url: row.shareEnabled ? view.shareUrl(row.id, row.language) : null },
    pdf: { ready, url: ready ? `/ms-core/api/reports/audit/${row.id}/pdf` : null },
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(live?.updatedAt ?? row.updatedAt)!,
    finishedDate: iso(row.finishedDate),
    can: auditCan(who, { status: row.status, auditorId: row.auditorId }),
  };
}

/** The figures of an audit from its tree (what check-score answers and finishing stores). */
export function liveFigures(row: TAuditRow, sections: TAuditSection[], rows: TTreeRows): TLive & { score: TAuditScore } {
  const score = auditScore(sections);
  const counts = issueCounts(sections.flatMap((s) => s.questions.flatMap((q) => q.issues)));
  // Answers do not touch the audit row (no hot-row lock), so "last updated" is the newest row.
  const stamps = [
    row.updatedAt,
    ...rows.answers.map((a) => a.updatedAt),
    ...rows.issues.map((i) => i.updatedAt),
    ...rows.questions.map((q) => q.updatedAt),
    ...rows.fields.map((f) => f.updatedAt),
    ...rows.media.map((m) => m.createdAt),
    rows.questionnaire?.updatedAt ?? row.updatedAt,
  ];
  const updatedAt = new Date(Math.max(...stamps.map((d) => new Date(d).getTime())));
  return { score, counts, risk: riskOf(counts), updatedAt };
}

export function presentAudit(head: TAuditHead, rows: TTreeRows, view: TAuditView, who: TIdentity | null): Omit<TAudit, 'timeZone'> {
  const sections = presentSections(rows, view);
  const live = liveFigures(head.row, sections, rows);
  // A finished audit keeps the figures stored when it finished (its tree no longer changes).
  const item = presentHead(
    head,
    view,
    who,
    head.row.status === 'finished' ? { ...live, score: storedScore(head.row), counts: storedCounts(head.row), risk: head.row.recalculatedRisk as TRisk } : live,
  );
  return {
    ...item,
    coverFields: sections.filter((s) => s.type === 'DATA').flatMap((s) => s.fields),
    contactFields: sections.filter((s) => s.type === 'CONTACTS').flatMap((s) => s.fields),
    sections,
    questionnaire: presentQuestionnaire(rows.questionnaire, view),
  };
}
