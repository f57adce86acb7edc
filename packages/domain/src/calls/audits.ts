import { z } from '../zod.js';
import {
  RISKS,
  ZAnswerInput,
  ZAnswerOfQuestion,
  ZAssignAuditor,
  ZAudit,
  ZAuditField,
  ZAuditIssue,
  ZAuditListItem,
  ZAuditPreview,
  ZAuditSection,
  ZCreateAudit,
  ZDateRange,
  ZDeduction,
  ZEvidence,
  ZFieldValues,
  ZIssueCounts,
  ZIssuesTasksBody,
  ZNoteImage,
  ZWizardAuditor,
  ZWizardService,
} from '../audits.js';
import { ZIncidentOut } from '../incidents.js';
import { ZSearchBody } from '../search.js';
import { TEMPLATE_NAME_MAX, ZTemplateSummary } from '../templates.js';
import { CORE, defineCall } from './define.js';
import { AUDITS_BASE } from './paths.js';

/**
 * Audits (docs/api/audits.md): the wizard's options, the lists, the whole audit and its preview,
 * the lifecycle (create, start, finish, reopen, date, auditor, share) and the run's writes (cover,
 * contacts, sections, answers, issues, notes, photos). The questionnaire's calls are questionnaire.ts.
 */
const BASE = AUDITS_BASE;
const ZId = z.string().uuid();
const ZAuditParams = z.object({ id: ZId });
const ZSectionParams = ZAuditParams.extend({ sectionId: ZId });
const ZQuestionParams = ZSectionParams.extend({ questionId: ZId });
const ZAnswerParams = ZAuditParams.extend({ answerId: ZId });
const Q = `${BASE}/:id/sections/:sectionId/questions/:questionId`;

// ---------------------------------------------------------------- requests
/** The wizard's template list pages 25 by default (calls document, section 9). */
export const ZWizardTemplatesBody = ZSearchBody.extend({ size: ZSearchBody.shape.size.unwrap().default(25), establishment: ZId.optional() });
const ZText = (max: number) => z.string().max(max);
export const ZIssueNameBody = z.object({ issue: ZId, name: z.string().trim().min(1).max(200) });
export const ZIssueDescriptionBody = z.object({ issue: ZId, description: ZText(2000).nullable() });
export const ZTaskNameBody = z.object({ issue: ZId, task: ZId, name: z.string().trim().min(1).max(200) });
export const ZSolvedBody = z.object({ issue: ZId, solvedInPlace: z.boolean() });
export const ZNoteBody = z.object({ note: ZText(20000).nullable() });
/** A reading place's new name (the template's place rules: 1 to TEMPLATE_NAME_MAX characters). */
export const ZPlaceNameBody = z.object({ place: z.string().trim().min(1).max(TEMPLATE_NAME_MAX) });
/** The sections to read (all when empty). */
export const ZSectionsBody = z.object({ sections: z.array(ZId).max(1000).default([]) });

// ---------------------------------------------------------------- responses
const ZScore = z.object({
  sections: z.array(z.object({ _id: z.string(), totalScore: z.number(), finalScore: z.number() })),
  totalScore: z.number(),
  finalScore: z.number(),
  deductions: z.array(ZDeduction),
  percentage: z.number().nullable(),
});
/** POST audits/check-score: the figures GET computes. */
export const ZCheckScore = ZScore.extend(ZIssueCounts.shape).extend({ recalculatedRisk: z.enum(RISKS) });
export type TCheckScore = z.infer<typeof ZCheckScore>;
export const ZShare = z.object({ enabled: z.boolean(), url: z.string().nullable() });
export const ZPlace = z.object({ _id: z.string(), place: z.string(), label: z.string().nullable() });
export const ZTemplateUsage = z.object({ audits: z.number().int() });
/** A finished audit's question's incidents with their corrective actions. */
export const ZQuestionIncident = ZIncidentOut.extend({ tasks: z.array(z.object({ _id: z.string(), name: z.string(), status: z.string() })) });

/** What the wizard's template list answers (the projections asked for: every field may be absent). */
export const ZWizardTemplate = ZTemplateSummary.partial();
export type TWizardTemplate = z.infer<typeof ZWizardTemplate>;

const post = 'POST' as const;
const patch = 'PATCH' as const;
const del = 'DELETE' as const;

export const auditCalls = {
  // ---- the wizard
  serviceOptions: defineCall({
    name: 'audits.serviceOptions',
    method: 'GET',
    path: `${BASE}/options/services`,
    query: z.object({ establishment: ZId }),
    response: z.array(ZWizardService),
  }),
  auditorOptions: defineCall({
    name: 'audits.auditorOptions',
    method: 'GET',
    path: `${BASE}/options/auditors`,
    query: z.object({ client: ZId }),
    response: z.array(ZWizardAuditor),
  }),
  templateOptions: defineCall({
    name: 'audits.templateOptions',
    method: post,
    path: `${BASE}/options/templates`,
    body: ZWizardTemplatesBody,
    response: z.array(ZWizardTemplate),
    page: true,
  }),

  // ---- lists, the audit, its preview
  create: defineCall({ name: 'audits.create', method: post, path: BASE, body: ZCreateAudit, response: ZAudit }),
  search: defineCall({
    name: 'audits.search',
    method: post,
    path: `${BASE}/search`,
    body: ZSearchBody,
    response: z.array(ZAuditListItem.partial()),
    page: true,
  }),
  checkScore: defineCall({ name: 'audits.checkScore', method: post, path: `${BASE}/check-score`, body: z.object({ audit: ZId }), response: ZCheckScore }),
  get: defineCall({ name: 'audits.get', method: 'GET', path: `${BASE}/:id`, params: ZAuditParams, response: ZAudit }),
  preview: defineCall({ name: 'audits.preview', method: 'GET', path: `${BASE}/:id/get-preview`, params: ZAuditParams, response: ZAuditPreview }),
  templateUsage: defineCall({
    name: 'audits.templateUsage',
    method: 'GET',
    path: `${BASE}/template-usage/:id`,
    params: ZAuditParams,
    response: ZTemplateUsage,
  }),

  // ---- lifecycle
  execute: defineCall({
    name: 'audits.execute',
    method: patch,
    path: `${BASE}/:id/execute`,
    params: ZAuditParams,
    query: z.object({ use_previous: z.enum(['true', 'false']).optional() }),
    response: ZAudit,
  }),
  finish: defineCall({ name: 'audits.finish', method: patch, path: `${BASE}/:id/finished`, params: ZAuditParams, response: ZAudit }),
  reopen: defineCall({ name: 'audits.reopen', method: patch, path: `${BASE}/:id/reopen`, params: ZAuditParams, response: ZAudit }),
  setDate: defineCall({
    name: 'audits.setDate',
    method: patch,
    path: `${BASE}/:id/date`,
    params: ZAuditParams,
    body: z.object({ _id: ZId.optional(), date: ZDateRange }),
    response: ZAudit,
  }),
  assign: defineCall({ name: 'audits.assign', method: patch, path: `${BASE}/:id/auditor`, params: ZAuditParams, body: ZAssignAuditor, response: ZAudit }),
  share: defineCall({
    name: 'audits.share',
    method: patch,
    path: `${BASE}/:id/share`,
    params: ZAuditParams,
    body: z.object({ enabled: z.boolean() }),
    response: ZShare,
  }),

  // ---- cover, contacts and sections of a running audit
  updateCover: defineCall({
    name: 'audits.updateCover',
    method: post,
    path: `${BASE}/:id/cover/update`,
    params: ZAuditParams,
    body: z.object({ coverFields: ZFieldValues }),
    response: z.array(ZAuditField),
  }),
  updateContacts: defineCall({
    name: 'audits.updateContacts',
    method: post,
    path: `${BASE}/:id/contact-field/update`,
    params: ZAuditParams,
    body: z.object({ contactFields: ZFieldValues }),
    response: z.array(ZAuditField),
  }),
  duplicateSection: defineCall({
    name: 'audits.duplicateSection',
    method: post,
    path: `${BASE}/:id/sections/:sectionId/duplicate`,
    params: ZSectionParams,
    response: ZAuditSection,
  }),
  removeSection: defineCall({ name: 'audits.removeSection', method: del, path: `${BASE}/:id/sections/:sectionId/remove`, params: ZSectionParams, status: 204 }),
  /** The same copy as duplicateSection, the audit found from the section (the calls document's route naming no audit). */
  duplicateSectionById: defineCall({
    name: 'audits.duplicateSectionById',
    method: post,
    path: `${CORE}/sections/:sectionId/duplicate`,
    params: z.object({ sectionId: ZId }),
    response: ZAuditSection,
  }),
  questionsAnswers: defineCall({
    name: 'audits.questionsAnswers',
    method: post,
    path: `${BASE}/:id/questions-answers`,
    params: ZAuditParams,
    body: ZSectionsBody,
    response: z.array(ZAuditSection),
  }),
  sectionsPreview: defineCall({
    name: 'audits.sectionsPreview',
    method: post,
    path: `${BASE}/:id/preview`,
    params: ZAuditParams,
    body: ZSectionsBody,
    response: z.array(ZAuditSection),
  }),

  // ---- answers
  addAnswer: defineCall({
    name: 'audits.addAnswer',
    method: post,
    path: `${BASE}/:id/answer/add`,
    params: ZAuditParams,
    body: ZAnswerInput,
    response: ZAnswerOfQuestion,
  }),
  updateAnswer: defineCall({
    name: 'audits.updateAnswer',
    method: patch,
    path: `${BASE}/:id/answer/:answerId/update`,
    params: ZAnswerParams,
    body: ZAnswerInput,
    response: ZAnswerOfQuestion,
  }),
  removeAnswer: defineCall({ name: 'audits.removeAnswer', method: del, path: `${BASE}/:id/answer/:answerId/remove`, params: ZAnswerParams, status: 204 }),

  // ---- per question: issues, tasks, note, places, photos
  changeIssuesTasks: defineCall({
    name: 'audits.changeIssuesTasks',
    method: patch,
    path: `${Q}/issues-tasks`,
    params: ZQuestionParams,
    body: ZIssuesTasksBody,
    response: z.array(ZAuditIssue),
  }),
  updateIssueName: defineCall({
    name: 'audits.updateIssueName',
    method: patch,
    path: `${Q}/update-issue-name`,
    params: ZQuestionParams,
    body: ZIssueNameBody,
    response: ZAuditIssue,
  }),
  updateIssueDescription: defineCall({
    name: 'audits.updateIssueDescription',
    method: patch,
    path: `${Q}/update-issue-description`,
    params: ZQuestionParams,
    body: ZIssueDescriptionBody,
    response: ZAuditIssue,
  }),
  updateTaskName: defineCall({
    name: 'audits.updateTaskName',
    method: patch,
    path: `${Q}/update-task-name`,
    params: ZQuestionParams,
    body: ZTaskNameBody,
    response: ZAuditIssue,
  }),
  setSolvedInPlace: defineCall({
    name: 'audits.setSolvedInPlace',
    method: patch,
    path: `${Q}/solved-in-place`,
    params: ZQuestionParams,
    body: ZSolvedBody,
    response: ZAuditIssue,
  }),
  setNote: defineCall({
    name: 'audits.setNote',
    method: patch,
    path: `${Q}/note`,
    params: ZQuestionParams,
    body: ZNoteBody,
    response: z.object({ note: z.string().nullable() }),
  }),
  renamePlace: defineCall({
    name: 'audits.renamePlace',
    method: patch,
    path: `${Q}/places-measure/:placeId`,
    params: ZQuestionParams.extend({ placeId: ZId }),
    body: ZPlaceNameBody,
    response: ZPlace,
  }),
  /** Multipart: file, issue, observation?. */
  addEvidence: defineCall({ name: 'audits.addEvidence', method: post, path: `${Q}/evidences`, params: ZQuestionParams, response: ZEvidence }),
  removeEvidence: defineCall({
    name: 'audits.removeEvidence',
    method: del,
    path: `${Q}/evidences/:evidenceId`,
    params: ZQuestionParams.extend({ evidenceId: ZId }),
    status: 204,
  }),
  /** Multipart: file. */
  addNoteImage: defineCall({ name: 'audits.addNoteImage', method: post, path: `${Q}/note-images`, params: ZQuestionParams, response: ZNoteImage }),
  removeNoteImage: defineCall({
    name: 'audits.removeNoteImage',
    method: del,
    path: `${Q}/note-images/:imageId`,
    params: ZQuestionParams.extend({ imageId: ZId }),
    status: 204,
  }),

  /** A finished audit's question's incidents with their corrective actions (the incidents module keeps them, decision 0038). */
  questionIncidents: defineCall({
    name: 'audits.questionIncidents',
    method: post,
    path: `${BASE}/:id/questions/:questionId/issues-tasks-all`,
    params: z.object({ id: ZId, questionId: ZId }),
    response: z.array(ZQuestionIncident),
  }),
};
