import {
  mayMove,
  transitionsFrom,
  type TIncidentKind,
  type TIncidentOut,
  type TIncidentStatus,
  type TIncidentTaskOut,
  type TPhotoOut,
  type TTaskPriority,
  type TTaskStatus,
} from '@audit/domain/incidents';
import { daysBetween, type TDay } from '@audit/domain/dates';
import type { TAuth } from '../../platform/auth.js';
import { iso, type TModuleContext } from '../../platform/http.js';
import { signedFileUrl } from '../files/signing.js';
import type { TSpaceDays } from '../spaces/days.js';
import { unsafeUserNames } from '../users/service.js';
import { incidentPolicy, isStaff, taskPolicy } from './policy.js';
import type { TIncidentRow, TIncidentTaskRow } from './tables.js';

export type TNames = Map<string, string>;
const person = (names: TNames, id: string | null) => (id ? { _id: id, name: names.get(id) ?? '' } : null);

/** Names of the people rows name: read after the transaction (a client user reads the company auditor's name). */
export const namesOf = (ctx: TModuleContext, ids: (string | null | undefined)[]) =>
  unsafeUserNames(
    ctx,
    ids.filter((id): id is string => !!id),
  );

/** The moves this caller may take now: the machine's, for their side (staff or client), with the right to write. */
export function transitionsFor(caller: TAuth, row: TIncidentRow): TIncidentStatus[] {
  if (!incidentPolicy.can(caller, 'update', row)) return [];
  const kind = row.kind as TIncidentKind;
  const from = row.status as TIncidentStatus;
  return (Object.keys(transitionsFrom(kind, from)) as TIncidentStatus[]).filter((to) => mayMove(kind, from, to, isStaff(caller)));
}

export function presentIncident(caller: TAuth, row: TIncidentRow, counts: { open: number; total: number } | undefined, names: TNames): TIncidentOut {
  return {
    _id: row.id,
    kind: row.kind as TIncidentKind,
    status: row.status as TIncidentStatus,
    solvedInPlace: row.solvedInPlace,
    name: row.name,
    description: row.description,
    riskLevel: row.riskLevel,
    priority: row.priority,
    category: row.category,
    type: row.type,
    responsible: person(names, row.responsibleId),
    reportedBy: row.reportedBy,
    detectedBy: row.detectedBy,
    facility: row.facility,
    facilityType: row.facilityType,
    openDate: iso(row.openDate)!,
    auditId: row.auditId,
    auditDate: iso(row.auditDate),
    questionId: row.questionId,
    templateId: row.templateId,
    templateName: row.templateName,
    clientId: row.clientId,
    establishmentId: row.establishmentId,
    areaId: row.areaId,
    place: row.place,
    openTasks: counts?.open ?? 0,
    totalTasks: counts?.total ?? 0,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    can: incidentPolicy.canAll(caller, row),
    transitions: transitionsFor(caller, row),
  };
}

/**
 * Overdue: not complete and its due day is before `today`, today in the zone of the action's space
 * (TSpaceDays.todayOf; a due day is a calendar day there, decision 0094). An action of a superseded
 * incident is never overdue: it is a record, no longer worked (decision 0063). The lists' SQL filter
 * is search.ts `overdue`, over TSpaceDays.beforeToday.
 */
export const isOverdue = (task: Pick<TIncidentTaskRow, 'status' | 'dueDate'>, incidentStatus: string, today: TDay) =>
  incidentStatus !== 'superseded' && task.status !== 'complete' && task.dueDate !== null && task.dueDate < today;

/** Overdue and by how many days, both against the action's own today. */
function lateness(task: Pick<TIncidentTaskRow, 'status' | 'dueDate'>, incidentStatus: string, today: TDay) {
  const overdue = isOverdue(task, incidentStatus, today);
  return { overdue, daysLate: overdue ? daysBetween(task.dueDate!, today) : 0 };
}

export interface TPhotoRow {
  id: string;
  fileId: string;
  annotatedFileId: string | null;
}

/** A photo: the annotated copy shown when there is one, the original always reachable. */
export function presentPhoto(ctx: Pick<TModuleContext, 'config'>, photo: TPhotoRow): TPhotoOut {
  const originalUrl = signedFileUrl(ctx.config, photo.fileId);
  return {
    _id: photo.id,
    fileId: photo.fileId,
    annotatedFileId: photo.annotatedFileId,
    url: photo.annotatedFileId ? signedFileUrl(ctx.config, photo.annotatedFileId) : originalUrl,
    originalUrl,
  };
}

export function presentTask(
  ctx: Pick<TModuleContext, 'config'>,
  caller: TAuth,
  task: TIncidentTaskRow,
  names: TNames,
  images: TPhotoRow[],
  incident: { status: string; name?: string },
  days: TSpaceDays,
): TIncidentTaskOut {
  return {
    _id: task.id,
    incidentId: task.incidentId,
    ...(incident.name !== undefined ? { incidentName: incident.name } : {}),
    name: task.name,
    description: task.description,
    status: task.status as TTaskStatus,
    priority: task.priority as TTaskPriority,
    responsible: person(names, task.responsibleId),
    dueDate: task.dueDate,
    ...lateness(task, incident.status, days.todayOf(task.secureSpacePath)),
    completedAt: iso(task.completedAt),
    completedBy: task.completedBy ? (names.get(task.completedBy) ?? '') : null,
    verifiedAt: iso(task.verifiedAt),
    verifiedBy: task.verifiedBy ? (names.get(task.verifiedBy) ?? '') : null,
    images: images.map((i) => presentPhoto(ctx, i)),
    createdAt: iso(task.createdAt)!,
    can: taskPolicy.canAll(caller, { ...task, incidentStatus: incident.status }),
  };
}
