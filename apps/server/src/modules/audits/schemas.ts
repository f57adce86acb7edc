import { z } from 'zod';
import { permissionName } from '@audit/domain/permissions';
import { requires } from '../../platform/auth.js';
import { ZSearchBody } from '@audit/domain/search';
import { TEMPLATE_NAME_MAX } from '@audit/domain/templates';
import {
  RISKS,
  ZAnswerOfQuestion,
  ZAudit,
  ZAuditField,
  ZAuditIssue,
  ZAuditListItem,
  ZAuditPreview,
  ZAuditSection,
  ZDeduction,
  ZEvidence,
  ZIssueCounts,
  ZNoteImage,
  ZQuestionnaire,
} from '@audit/domain/audits';

/**
 * Response schemas of audits: the allow-list of what leaves the server. They live in
 * packages/domain/src/audits.ts, where the web's types are inferred from them.
 */
const ZScoreOut = z.object({
  sections: z.array(z.object({ _id: z.string(), totalScore: z.number(), finalScore: z.number() })),
  totalScore: z.number(),
  finalScore: z.number(),
  deductions: z.array(ZDeduction),
  percentage: z.number().nullable(),
});
export const ZCheckScoreOut = ZScoreOut.extend(ZIssueCounts.shape).extend({ recalculatedRisk: z.enum(RISKS) });
export const ZAnswerOut = ZAnswerOfQuestion;
export const ZEvidenceOut = ZEvidence;
export const ZNoteImageOut = ZNoteImage;
export const ZIssueOut = ZAuditIssue;
export const ZAuditFieldOut = ZAuditField;
export const ZAuditSectionOut = ZAuditSection;
export const ZQuestionnaireOut = ZQuestionnaire;
export const ZAuditListItemOut = ZAuditListItem;
export const ZAuditPreviewOut = ZAuditPreview;
export const ZAuditOut = ZAudit;

// ---------------------------------------------------------------- requests
// The bodies the web sends (create, wizard options, issues and tasks) are packages/domain's.
export { ZCreateAudit, ZDateRange, ZIssuesTasksBody, ZWizardAuditor, ZWizardService, type TCreateAudit } from '@audit/domain/audits';
const ZId = z.string().uuid();

/** Audit lists page 10 by default; the wizard's template list 25 (calls document, section 9). */
export const ZAuditSearchBody = ZSearchBody;
export const ZWizardTemplatesBody = ZSearchBody.extend({ size: ZSearchBody.shape.size.unwrap().default(25), establishment: ZId.optional() });

export const ZAuditParams = z.object({ id: ZId });
export const ZSectionParams = ZAuditParams.extend({ sectionId: ZId });
export const ZQuestionParams = ZAuditParams.extend({ sectionId: ZId, questionId: ZId });
export const ZAnswerParams = ZAuditParams.extend({ answerId: ZId });

const ZText = (max: number) => z.string().max(max);
export const ZIssueNameBody = z.object({ issue: ZId, name: z.string().trim().min(1).max(200) });
export const ZIssueDescriptionBody = z.object({ issue: ZId, description: ZText(2000).nullable() });
export const ZTaskNameBody = z.object({ issue: ZId, task: ZId, name: z.string().trim().min(1).max(200) });
export const ZSolvedBody = z.object({ issue: ZId, solvedInPlace: z.boolean() });
export const ZNoteBody = z.object({ note: ZText(20000).nullable() });
export const ZPlaceParams = ZQuestionParams.extend({ placeId: ZId });
/** A reading place's new name (the template's place rules: 1 to TEMPLATE_NAME_MAX characters). */
export const ZPlaceNameBody = z.object({ place: z.string().trim().min(1).max(TEMPLATE_NAME_MAX) });
export const ZPlaceOut = z.object({ _id: z.string(), place: z.string(), label: z.string().nullable() });

/** Shared by the route files: OpenAPI tag, route access, and the note every running call carries. */
export const AUDIT_TAGS = ['audits'];
/** Audit calls never change users, roles or memberships: they keep the server's identity cache. */
export const auditAccess = (action: 'READ' | 'CREATE' | 'WRITE') => ({ ...requires(permissionName('AUDIT', action)), identityNeutral: true });
export const RUNS_NOTE = ' Only the audit’s auditor (494; an ADMIN passes), only while running (AUD0002).';
