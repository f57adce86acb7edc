import { z } from 'zod';
import { ZSearchBody } from '@audit/domain/search';
import { ZTemplateAnswer } from '@audit/domain/audits';
import { ZReadingRegistryOut, ZSelectOut } from '../templates/schemas.js';

/**
 * Response schemas of audits: the allow-list of what leaves the server (shapes of
 * packages/domain/src/audits.ts: TAudit, TAuditListItem, TAnswer, TAuditIssue, TQuestionnaire).
 */
const ZRef = z.object({ _id: z.string(), name: z.string() });
const ZDate = z.string();

export const ZIssueCountsOut = z.object({
  totalIssuesCount: z.number(),
  totalIssuesResolved: z.number(),
  highRiskIssuesCount: z.number(),
  ieIssuesCount: z.number(),
  mediumIssuesCount: z.number(),
  lowIssuesCount: z.number(),
  infraIssuesCount: z.number(),
});
const ZDeduction = z.object({ issue: z.string(), name: z.string(), percentage: z.number() });
export const ZScoreOut = z.object({
  sections: z.array(z.object({ _id: z.string(), totalScore: z.number(), finalScore: z.number() })),
  totalScore: z.number(),
  finalScore: z.number(),
  deductions: z.array(ZDeduction),
  percentage: z.number().nullable(),
});
export const ZCheckScoreOut = ZScoreOut.extend(ZIssueCountsOut.shape).extend({ recalculatedRisk: z.string() });

export const ZAnswerOut = z.object({ _id: z.string(), section: z.string(), question: z.string(), templateAnswer: ZTemplateAnswer, score: z.number(), failed: z.boolean(), updatedAt: ZDate });
const ZTask = z.object({ _id: z.string(), name: z.string(), selected: z.boolean() });
export const ZEvidenceOut = z.object({ _id: z.string(), type: z.literal('photo'), url: z.string(), observation: z.string().nullable() });
export const ZNoteImageOut = z.object({ _id: z.string(), url: z.string() });
export const ZIssueOut = z.object({
  _id: z.string(),
  section: z.string(),
  question: z.string(),
  templateIssue: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  riskLevel: z.string(),
  deductionPercentage: z.number(),
  selected: z.boolean(),
  solvedInPlace: z.boolean(),
  tasks: z.array(ZTask),
  evidences: z.array(ZEvidenceOut),
});
const ZIncidence = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  riskLevel: z.string(),
  deductionPercentage: z.number(),
  tasks: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export const ZAuditQuestionOut = z.object({
  _id: z.string(),
  section: z.string(),
  templateQuestion: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  position: z.number(),
  select: ZSelectOut.nullable(),
  readingRegistry: ZReadingRegistryOut.nullable(),
  text: z.object({ answerType: z.string() }).nullable(),
  maxScore: z.number(),
  incidences: z.array(ZIncidence),
  note: z.string().nullable(),
  noteImages: z.array(ZNoteImageOut),
  answer: ZAnswerOut.omit({ section: true, question: true }).nullable(),
  issues: z.array(ZIssueOut),
});
export const ZAuditFieldOut = z.object({ _id: z.string(), label: z.string(), type: z.string(), required: z.boolean(), value: z.string().nullable(), position: z.number() });
export const ZAuditSectionOut = ZIssueCountsOut.extend({
  _id: z.string(),
  title: z.string(),
  type: z.enum(['DATA', 'QUESTION', 'CONTACTS']),
  duplicable: z.boolean(),
  isDuplicated: z.boolean(),
  duplicatedFrom: z.string().nullable(),
  position: z.number(),
  fields: z.array(ZAuditFieldOut),
  questions: z.array(ZAuditQuestionOut),
  totalScore: z.number(),
  finalScore: z.number(),
});
export const ZQuestionnaireOut = z.object({
  _id: z.string(),
  sent: z.boolean(),
  questionsAnswers: z.array(z.object({ _id: z.string(), sectionTitle: z.string(), question: z.string(), type: z.enum(['SIMPLE', 'PARAGRAPH']), answer: z.string().nullable(), images: z.array(ZNoteImageOut) })),
});

export const ZAuditListItemOut = ZIssueCountsOut.extend({
  _id: z.string(),
  status: z.string(),
  template: ZRef.extend({ language: z.string() }),
  client: ZRef,
  establishment: ZRef,
  service: ZRef.extend({ isPoolService: z.boolean() }),
  auditor: ZRef.nullable(),
  owner: ZRef.nullable(),
  areaAccess: ZRef.nullable(),
  startDate: ZDate,
  date: z.tuple([ZDate, ZDate]),
  valueGoal: z.number().nullable(),
  hasPreviousAudit: z.boolean(),
  isIncomplete: z.boolean(),
  totalScore: z.number(),
  finalScore: z.number(),
  percentage: z.number().nullable(),
  deductions: z.array(ZDeduction),
  recalculatedRisk: z.string(),
  share: z.object({ enabled: z.boolean(), url: z.string().nullable() }),
  pdf: z.object({ ready: z.boolean(), url: z.string().nullable() }),
  createdAt: ZDate,
  updatedAt: ZDate,
  finishedDate: ZDate.nullable(),
});
export const ZAuditOut = ZAuditListItemOut.extend({
  coverFields: z.array(ZAuditFieldOut),
  contactFields: z.array(ZAuditFieldOut),
  sections: z.array(ZAuditSectionOut),
  questionnaire: ZQuestionnaireOut.nullable(),
  /** The IANA zone of the establishment, in which its days (finished date) are counted. */
  timeZone: z.string(),
});

// ---------------------------------------------------------------- requests

const ZId = z.string().uuid();
/** An ISO date-time (with offset) or a calendar date; the server stores UTC start / end of day. */
const ZIsoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
export const ZDateRange = z.tuple([ZIsoDate, ZIsoDate]);

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

/** Audit lists page 10 by default; the wizard's template list 25 (calls document, section 9). */
export const ZAuditSearchBody = ZSearchBody;
export const ZWizardTemplatesBody = ZSearchBody.extend({ size: ZSearchBody.shape.size.unwrap().default(25), establishment: ZId.optional() });

export const ZWizardService = z.object({ _id: z.string(), name: z.string(), isPoolService: z.boolean(), valueGoal: z.number(), templates: z.array(z.string()) });
export const ZWizardAuditor = z.object({ _id: z.string(), fullName: z.string(), email: z.string() });

export const ZAuditParams = z.object({ id: ZId });
export const ZSectionParams = ZAuditParams.extend({ sectionId: ZId });
export const ZQuestionParams = ZAuditParams.extend({ sectionId: ZId, questionId: ZId });
export const ZAnswerParams = ZAuditParams.extend({ answerId: ZId });

const ZText = (max: number) => z.string().max(max);
export const ZIssuesTasksBody = z.object({
  issuesToAdd: z.array(ZId).max(100).default([]),
  issuesToRemove: z.array(ZId).max(100).default([]),
  tasksToAdd: z.array(z.object({ issue: ZId, task: ZId })).max(200).default([]),
  tasksToRemove: z.array(z.object({ issue: ZId, task: ZId })).max(200).default([]),
});
export const ZIssueNameBody = z.object({ issue: ZId, name: z.string().trim().min(1).max(200) });
export const ZIssueDescriptionBody = z.object({ issue: ZId, description: ZText(2000).nullable() });
export const ZTaskNameBody = z.object({ issue: ZId, task: ZId, name: z.string().trim().min(1).max(200) });
export const ZSolvedBody = z.object({ issue: ZId, solvedInPlace: z.boolean() });
export const ZNoteBody = z.object({ note: ZText(20000).nullable() });

/** Shared by the route files: OpenAPI tag, route access, and the note every running call carries. */
export const AUDIT_TAGS = ['audits'];
/** Audit calls never change users, roles or memberships: they keep the server's identity cache. */
export const auditAccess = (action: 'READ' | 'CREATE' | 'WRITE') => ({ access: { permissions: [`AUDIT:${action}`] }, identityNeutral: true });
export const RUNS_NOTE = ' Only the audit’s auditor (494; an ADMIN passes), only while running (AUD0002).';
