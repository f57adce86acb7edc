import { z } from './zod.js';
import { isCalendarDay } from './dates.js';
import { ZSearchBody } from './search.js';

/**
 * Incidents and corrective actions (docs/decisions/0038): the statuses of product document §4,
 * the transitions the spec leaves out, the 590 rule and the schemas of the calls. Pure: the
 * server runs these rules, the web reads them to offer only the moves the machine allows.
 */

export const INCIDENT_KINDS = ['audits', 'others', 'measurements'] as const;
export type TIncidentKind = (typeof INCIDENT_KINDS)[number];

export { INCIDENT_STATUSES, TASK_STATUSES, type TIncidentStatus, type TTaskStatus } from './incident-statuses.js';
import { INCIDENT_STATUSES, TASK_STATUSES, type TIncidentStatus, type TTaskStatus } from './incident-statuses.js';

/** Statuses of audit incidents only (the escalation to the client and the evidence review). */
const AUDIT_ONLY: readonly TIncidentStatus[] = [
  'escalated_to_client',
  'action_plan_agreed',
  'completed_by_client',
  'evidence_pending_review',
  'evidence_rejected',
  'no_response',
  'superseded',
];
export const FINAL_STATUSES: readonly TIncidentStatus[] = ['resolved', 'solvedInPlace', 'superseded'];
export const isOpenStatus = (status: TIncidentStatus) => !FINAL_STATUSES.includes(status);

/** The statuses a kind of incident goes through (what its list's status filter offers). */
export const statusesOf = (kind: TIncidentKind): readonly TIncidentStatus[] =>
  kind === 'audits' ? INCIDENT_STATUSES.filter((s) => s !== 'draft') : INCIDENT_STATUSES.filter((s) => !AUDIT_ONLY.includes(s));

/** Who may take a transition: the audit company's people (staff), the client's people, or either. */
export type TActor = 'staff' | 'client' | 'any';

/** The explicit moves (decision 0038); `resolved` and `superseded` are added from every open status below. */
const MOVES: Record<TIncidentStatus, Partial<Record<TIncidentStatus, TActor>>> = {
  draft: { running: 'any' },
  running: { escalated_to_client: 'staff' },
  escalated_to_client: { action_plan_agreed: 'client', no_response: 'staff' },
  no_response: { escalated_to_client: 'staff' },
  action_plan_agreed: { completed_by_client: 'client' },
  completed_by_client: { evidence_pending_review: 'any' },
  evidence_pending_review: { evidence_rejected: 'staff' },
  evidence_rejected: { escalated_to_client: 'staff' },
  resolved: {},
  solvedInPlace: {},
  superseded: {},
};

/** The moves out of `from` for a kind of incident, each with who may take it. */
export function transitionsFrom(kind: TIncidentKind, from: TIncidentStatus): Partial<Record<TIncidentStatus, TActor>> {
  if (!isOpenStatus(from)) return {};
  const moves: Partial<Record<TIncidentStatus, TActor>> = { ...MOVES[from], resolved: 'staff' };
  if (kind === 'audits') moves.superseded = 'staff';
  if (kind === 'measurements' && from !== 'draft') moves.solvedInPlace = 'staff';
  for (const to of Object.keys(moves) as TIncidentStatus[]) if (!statusesOf(kind).includes(to)) delete moves[to];
  return moves;
}

/** Who may move an incident of `kind` from `from` to `to`; null when the machine forbids the move. */
export const actorOf = (kind: TIncidentKind, from: TIncidentStatus, to: TIncidentStatus): TActor | null => transitionsFrom(kind, from)[to] ?? null;

/** May a caller (staff or client) take that move? */
export const mayMove = (kind: TIncidentKind, from: TIncidentStatus, to: TIncidentStatus, isStaff: boolean): boolean => {
  const actor = actorOf(kind, from, to);
  return actor === 'any' || (actor === 'staff' && isStaff) || (actor === 'client' && !isStaff);
};

// ---------------------------------------------------------------------------------------------
// Corrective actions (tasks).

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TTaskPriority = (typeof TASK_PRIORITIES)[number];

const TASK_MOVES: Record<TTaskStatus, readonly TTaskStatus[]> = {
  toDo: ['running'],
  running: ['complete', 'toDo'],
  complete: ['running'],
};
export const taskTransitionsFrom = (from: TTaskStatus): readonly TTaskStatus[] => TASK_MOVES[from];
export const mayMoveTask = (from: TTaskStatus, to: TTaskStatus) => TASK_MOVES[from].includes(to);

export interface TTaskState {
  status: TTaskStatus;
  verified: boolean;
}

/**
 * Error 590: an incident is resolved only with at least one corrective action complete and
 * verified by a second person, and none still open. Returns whether it may be resolved.
 */
export const mayResolve = (tasks: readonly TTaskState[]) =>
  tasks.some((t) => t.status === 'complete' && t.verified) && tasks.every((t) => t.status === 'complete');

/** Every corrective action verified (and at least one): the incident resolves itself. */
export const resolvesByVerification = (tasks: readonly TTaskState[]) => tasks.length > 0 && tasks.every((t) => t.status === 'complete' && t.verified);

/** Statuses from which an audit incident moves to evidence review once all its actions are complete. */
const AWAITING_EVIDENCE: readonly TIncidentStatus[] = ['running', 'escalated_to_client', 'action_plan_agreed', 'completed_by_client', 'evidence_rejected'];

/** The status an incident takes by itself after its corrective actions changed, or null (it stays). */
export function statusAfterTasks(kind: TIncidentKind, status: TIncidentStatus, tasks: readonly TTaskState[]): TIncidentStatus | null {
  if (!isOpenStatus(status) || status === 'draft') return null;
  if (resolvesByVerification(tasks)) return 'resolved';
  if (kind === 'audits' && tasks.length > 0 && tasks.every((t) => t.status === 'complete') && AWAITING_EVIDENCE.includes(status)) {
    return 'evidence_pending_review';
  }
  return null;
}

/** After a rejected evidence (an action back to running): an audit incident under review is rejected. */
export const statusAfterRejection = (kind: TIncidentKind, status: TIncidentStatus): TIncidentStatus | null =>
  kind === 'audits' && status === 'evidence_pending_review' ? 'evidence_rejected' : null;

// ---------------------------------------------------------------------------------------------
// Lists: the status filter of §4 and the colours (decision 0038).

/**
 * The status filter of product document §4: `resolved` excludes issues solved in place,
 * `solvedInPlace` alone means solved in place, both together are an OR; `solved` reads as resolved.
 */
export function statusFilterParts(values: readonly string[]): { statuses: TIncidentStatus[]; resolved: boolean; solvedInPlace: boolean } {
  const wanted = new Set(values.map((v) => (v === 'solved' ? 'resolved' : v)));
  return {
    statuses: INCIDENT_STATUSES.filter((s) => wanted.has(s) && s !== 'resolved' && s !== 'solvedInPlace'),
    resolved: wanted.has('resolved'),
    solvedInPlace: wanted.has('solvedInPlace'),
  };
}

export const STATUS_COLOURS: Record<TIncidentStatus, string> = {
  draft: 'default',
  running: 'blue',
  resolved: 'green',
  solvedInPlace: 'green',
  evidence_pending_review: 'orange',
  evidence_rejected: 'red',
  escalated_to_client: 'purple',
  completed_by_client: 'cyan',
  action_plan_agreed: 'geekblue',
  no_response: 'volcano',
  superseded: 'default',
};
export const TASK_STATUS_COLOURS: Record<TTaskStatus, string> = { toDo: 'default', running: 'blue', complete: 'green' };

// ---------------------------------------------------------------------------------------------
// Schemas of the calls.

export const INCIDENT_TEXT_MAX = 500;
export const INCIDENT_NAME_MAX = 200;
export const COMMENT_MAX = 2000;

const ZText = (max: number) => z.string().trim().min(1).max(max);
const ZOptionalText = (max: number) => z.string().trim().max(max).nullish();
// The pattern first (it also tells OpenAPI and the probes' sampler what a day looks like), then a real calendar day.
const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(isCalendarDay, 'YYYY-MM-DD');

export const ZIncidentSearchBody = ZSearchBody;

/** A photo: the original kept (`originalUrl`), the annotated copy beside it shown (`url`) when there is one. */
export const ZPhotoOut = z.object({ _id: z.string(), fileId: z.string(), annotatedFileId: z.string().nullable(), url: z.string(), originalUrl: z.string() });
export type TPhotoOut = z.infer<typeof ZPhotoOut>;

export const ZIncidentTaskOut = z.object({
  _id: z.string(),
  incidentId: z.string(),
  incidentName: z.string().optional(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  responsible: z.object({ _id: z.string(), name: z.string() }).nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  /** Whole days past the due day, counted in the action's own space's time zone (0 unless overdue). */
  daysLate: z.number().int().nonnegative(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  /** `url` is what to show: the annotated copy when there is one; `originalUrl` the photo as taken. */
  images: z.array(ZPhotoOut),
  createdAt: z.string(),
  can: z.object({ update: z.boolean(), changeStatus: z.boolean(), verify: z.boolean(), delete: z.boolean() }),
});
export type TIncidentTaskOut = z.infer<typeof ZIncidentTaskOut>;

export const ZIncidentOut = z.object({
  _id: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  status: z.enum(INCIDENT_STATUSES),
  solvedInPlace: z.boolean(),
  name: z.string(),
  description: z.string().nullable(),
  riskLevel: z.string().nullable(),
  priority: z.string().nullable(),
  category: z.string().nullable(),
  type: z.string().nullable(),
  responsible: z.object({ _id: z.string(), name: z.string() }).nullable(),
  reportedBy: z.string().nullable(),
  detectedBy: z.string().nullable(),
  facility: z.string().nullable(),
  facilityType: z.string().nullable(),
  openDate: z.string(),
  auditId: z.string().nullable(),
  auditDate: z.string().nullable(),
  questionId: z.string().nullable(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  clientId: z.string().nullable(),
  establishmentId: z.string().nullable(),
  areaId: z.string().nullable(),
  place: z.string().nullable(),
  openTasks: z.number(),
  totalTasks: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), comment: z.boolean(), addTask: z.boolean() }),
  /** The moves this caller may take now (the machine and their role). */
  transitions: z.array(z.enum(INCIDENT_STATUSES)),
});
export type TIncidentOut = z.infer<typeof ZIncidentOut>;

/** Why an incident was superseded (decision 0063): its audit reopened, a newer audit raised the same incidence, or by hand. */
export const SUPERSEDED_REASONS = ['reopen', 'newerAudit', 'manual'] as const;
export type TSupersededReason = (typeof SUPERSEDED_REASONS)[number];

/** Another incident named on a detail: the one that took this one's place, or one this one took the place of. */
export const ZIncidentLink = z.object({ _id: z.string(), name: z.string(), status: z.enum(INCIDENT_STATUSES), openDate: z.string() });
export type TIncidentLink = z.infer<typeof ZIncidentLink>;

export const ZIncidentDetail = ZIncidentOut.extend({
  evidences: z.array(ZPhotoOut.extend({ observation: z.string().nullable(), taskId: z.string().nullable() })),
  tasks: z.array(ZIncidentTaskOut),
  /** Set when superseded: when, by whom, why, and the incident of the next finish that took its place (null until then). */
  superseded: z
    .object({
      at: z.string().nullable(),
      by: z.object({ _id: z.string(), name: z.string() }).nullable(),
      reason: z.enum(SUPERSEDED_REASONS).nullable(),
      incident: ZIncidentLink.nullable(),
    })
    .nullable(),
  /** The superseded incidents this one took the place of (an earlier finish of its audit, an older audit). */
  supersedes: z.array(ZIncidentLink),
});
export type TIncidentDetail = z.infer<typeof ZIncidentDetail>;

/** An "others" incident reported by hand. */
export const ZOtherIncidentInput = z.object({
  name: ZText(INCIDENT_NAME_MAX),
  description: ZOptionalText(INCIDENT_TEXT_MAX),
  riskLevel: z.enum(['high', 'medium', 'low', 'infrastructure', 'IE', 'P1']).nullish(),
  priority: z.enum(TASK_PRIORITIES).nullish(),
  category: ZOptionalText(INCIDENT_NAME_MAX),
  type: ZOptionalText(INCIDENT_NAME_MAX),
  reportedBy: ZOptionalText(INCIDENT_NAME_MAX),
  detectedBy: ZOptionalText(INCIDENT_NAME_MAX),
  facility: ZOptionalText(INCIDENT_NAME_MAX),
  facilityType: ZOptionalText(INCIDENT_NAME_MAX),
  openDate: ZDay.optional(),
  /** The establishment (or area) the incident happened in: a space under the caller's. */
  space: z.string().uuid(),
  responsible: z.string().uuid().nullish(),
  /** Saved as a draft (true) or opened at once. */
  draft: z.boolean().default(false),
});
export type TOtherIncidentInput = z.input<typeof ZOtherIncidentInput>;

export const ZIncidentPatch = z
  .object({
    name: ZText(INCIDENT_NAME_MAX),
    description: ZOptionalText(INCIDENT_TEXT_MAX),
    priority: z.enum(TASK_PRIORITIES).nullable(),
    category: ZOptionalText(INCIDENT_NAME_MAX),
    type: ZOptionalText(INCIDENT_NAME_MAX),
    responsible: z.string().uuid().nullable(),
  })
  .partial();
export type TIncidentPatch = z.input<typeof ZIncidentPatch>;

export const ZIncidentStatusChange = z.object({ status: z.enum(INCIDENT_STATUSES) });

export const ZCommentInput = z.object({ text: ZText(COMMENT_MAX) });
export const ZCommentOut = z.object({
  _id: z.string(),
  text: z.string(),
  author: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type TCommentOut = z.infer<typeof ZCommentOut>;

export const HISTORY_KINDS = [
  'created',
  'statusChanged',
  'commentAdded',
  'commentUpdated',
  'commentRemoved',
  'evidenceAdded',
  'evidenceRemoved',
  'actionCreated',
  'actionStatusChanged',
  'actionVerified',
  'actionRemoved',
  'priorityChanged',
  'responsibleChanged',
  'imageAdded',
  'imageRemoved',
  'updated',
] as const;
export type THistoryKind = (typeof HISTORY_KINDS)[number];
export const ZHistoryOut = z.object({
  _id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  at: z.string(),
  taskId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type THistoryOut = z.infer<typeof ZHistoryOut>;

export const ZTaskInput = z.object({
  name: ZText(INCIDENT_NAME_MAX),
  description: ZOptionalText(INCIDENT_TEXT_MAX),
  priority: z.enum(TASK_PRIORITIES).default('medium'),
  responsible: z.string().uuid().nullish(),
  dueDate: ZDay.nullish(),
});
export type TTaskInput = z.input<typeof ZTaskInput>;
export const ZTaskPatch = z
  .object({
    name: ZText(INCIDENT_NAME_MAX),
    description: ZOptionalText(INCIDENT_TEXT_MAX),
    priority: z.enum(TASK_PRIORITIES),
    responsible: z.string().uuid().nullable(),
    dueDate: ZDay.nullable(),
    status: z.enum(TASK_STATUSES),
  })
  .partial();
export type TTaskPatch = z.input<typeof ZTaskPatch>;
export const ZTaskVerify = z.object({ approved: z.boolean() });
/** A photo to add: the stored original, and the copy with the drawn arrows and circles when it was annotated. */
export const ZFileRef = z.object({
  fileId: z.string().uuid(),
  annotatedFileId: z.string().uuid().nullish(),
  observation: ZOptionalText(INCIDENT_TEXT_MAX),
});

export const ZOwnerOut = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type TOwnerOut = z.infer<typeof ZOwnerOut>;
