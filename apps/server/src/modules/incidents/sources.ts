import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { findSpacesInScope, spacesByIds } from '../spaces/service.js';
import { record } from './history.js';
import { concerned, notifyChange } from './notify.js';
import { namesOf, presentIncident } from './present.js';
import * as repo from './repo.js';
import { placeOfSpace } from './service.js';
import type { TIncidentRow } from './tables.js';

/**
 * Where incidents come from (decision 0038): an audit's issues when it finishes, a register's
 * out-of-range reading. The audits and registers modules call these in their own transaction.
 */

export interface TFinishedAuditIssue {
  id: string;
  questionId: string;
  templateIssueId: string | null;
  name: string;
  description: string | null;
  riskLevel: string;
  solvedInPlace: boolean;
  /** The incidence's tasks the auditor selected: they become corrective actions (toDo). */
  tasks: { name: string }[];
  evidences: { fileId: string; observation: string | null }[];
}

export interface TFinishedAudit {
  id: string;
  spaceId: string;
  secureSpacePath: string;
  clientId: string;
  establishmentId: string;
  auditorId: string | null;
  templateId: string | null;
  templateName: string;
  auditDate: Date;
  place: string | null;
}

/**
 * The audit's issues become incidents (running, or solvedInPlace) with their evidences and their
 * selected tasks as corrective actions; a still open incident of an older audit of the same
 * establishment raised from the same incidence is superseded.
 */
export async function openAuditIncidents(tx: TDb, caller: TAuth, audit: TFinishedAudit, issues: TFinishedAuditIssue[]) {
  const rows = await repo.insertIncidents(
    tx,
    issues.map((i) => ({
      spaceId: audit.spaceId,
      secureSpacePath: audit.secureSpacePath,
      kind: 'audits',
      status: i.solvedInPlace ? 'solvedInPlace' : 'running',
      solvedInPlace: i.solvedInPlace,
      name: i.name,
      description: i.description,
      riskLevel: i.riskLevel,
      openDate: audit.auditDate,
      auditDate: audit.auditDate,
      auditId: audit.id,
      auditorId: audit.auditorId,
      questionId: i.questionId,
      templateIssueId: i.templateIssueId,
      templateId: audit.templateId,
      templateName: audit.templateName,
      clientId: audit.clientId,
      establishmentId: audit.establishmentId,
      place: audit.place,
      sourceId: i.id,
      createdBy: caller.userId,
      resolvedAt: i.solvedInPlace ? new Date() : null,
    })),
  );
  for (const [index, row] of rows.entries()) {
    const issue = issues[index]!;
    await record(tx, caller, row, 'created', { after: { status: row.status, auditId: audit.id } });
    await repo.insertEvidences(
      tx,
      issue.evidences.map((e) => ({
        incidentId: row.id,
        spaceId: row.spaceId,
        secureSpacePath: row.secureSpacePath,
        fileId: e.fileId,
        observation: e.observation,
      })),
    );
    if (row.status === 'running' && issue.tasks.length) {
      await repo.insertTasks(
        tx,
        issue.tasks.map((t) => ({ incidentId: row.id, spaceId: row.spaceId, secureSpacePath: row.secureSpacePath, name: t.name, createdBy: caller.userId })),
      );
    }
  }
  const older = await repo.openIncidentsOfIncidences(
    tx,
    audit.establishmentId,
    issues.flatMap((i) => (i.templateIssueId ? [i.templateIssueId] : [])),
    audit.id,
  );
  for (const row of older) {
    const successor = rows.find((r) => r.templateIssueId === row.templateIssueId);
    await repo.updateIncident(tx, row.id, {
      status: 'superseded',
      supersededAt: new Date(),
      supersededBy: caller.userId,
      supersededReason: 'newerAudit',
      supersededByIncidentId: successor?.id ?? null,
    });
    await record(tx, caller, row, 'statusChanged', { before: { status: row.status }, after: { status: 'superseded', by: audit.id } });
  }
  await linkToEarlierFinish(tx, audit.id, rows);
  return rows.length;
}

/** The same finding across two finishes of one audit: the same question and incidence (or, for an issue of its own, the same name). */
const findingOf = (row: Pick<TIncidentRow, 'questionId' | 'templateIssueId' | 'name'>) =>
  `${row.questionId ?? ''}|${row.templateIssueId ?? `name:${row.name.trim().toLowerCase()}`}`;

/**
 * The incidents of this finish take the place of those of the earlier finish its reopen superseded:
 * each new one links the superseded incident of the same finding (one each, oldest first).
 */
async function linkToEarlierFinish(tx: TDb, auditId: string, rows: TIncidentRow[]) {
  const waiting = await repo.awaitingSuccessor(tx, auditId);
  const fresh = new Set(rows.map((r) => r.id));
  for (const old of waiting) {
    const successor = rows.find((r) => fresh.has(r.id) && findingOf(r) === findingOf(old));
    if (!successor) continue;
    fresh.delete(successor.id);
    await repo.updateIncident(tx, old.id, { supersededByIncidentId: successor.id });
  }
}

/**
 * Reopening an audit supersedes its incidents (decision 0063, where the spec erased them): each is
 * kept with its corrective actions, photos, comments and history as the client's record, read only,
 * its links still answering; the next finish's incidents take their place. Already superseded ones
 * keep their first reason. Everyone concerned is told, as for any status move.
 */
export async function supersedeAuditIncidents(ctx: TModuleContext, tx: TDb, caller: TAuth, auditId: string) {
  const rows = await repo.liveIncidentsOfAudit(tx, auditId);
  for (const row of rows) {
    const updated = await repo.updateIncident(tx, row.id, {
      status: 'superseded',
      supersededAt: new Date(),
      supersededBy: caller.userId,
      supersededReason: 'reopen',
      supersededByIncidentId: null,
    });
    await record(tx, caller, row, 'statusChanged', { before: { status: row.status }, after: { status: 'superseded', reason: 'reopen', auditId } });
    const taskPeople = (await repo.tasksOf(tx, [row.id])).flatMap((t) => [t.responsibleId, t.createdBy]);
    await notifyChange(ctx, tx, caller, updated, [...concerned(updated), ...taskPeople], { event: 'status', status: 'superseded', name: updated.name });
  }
  return rows.length;
}

/** Of these stored files, those an incident's photo still holds (a reopen keeps them; decision 0063). */
export const filesHeldByIncidents = (tx: TDb, fileIds: string[]) => repo.filesHeld(tx, fileIds);

export interface TOutOfRangeReading {
  /** The register log row: an incident per reading, never two (a forced re-save finds the first). */
  logId: string;
  registerId: string;
  registerName: string;
  /** The facility: an area of an establishment. */
  facilityId: string;
  day: string;
  values: { param: string; value: number | string | null }[];
}

/** A register reading outside its limits opens a measurement incident (running) in the facility's area. */
export async function openMeasurementIncidents(ctx: TModuleContext, tx: TDb, caller: TAuth, readings: TOutOfRangeReading[]) {
  if (!readings.length) return [];
  const ids = readings.map((r) => r.facilityId);
  const names = new Map((await spacesByIds(tx, caller, ids)).map((s) => [s.id, s.name]));
  const areas = new Map((await findSpacesInScope(tx, caller, ids)).map((s) => [s.id, { ...s, name: names.get(s.id) ?? '' }]));
  const opened = [];
  for (const reading of readings) {
    const area = areas.get(reading.facilityId);
    if (!area) continue;
    if ((await repo.incidentsOfSource(tx, reading.logId)).length) continue;
    const [row] = await repo.insertIncidents(tx, [
      {
        spaceId: area.id,
        secureSpacePath: area.secureSpacePath,
        kind: 'measurements',
        status: 'running',
        name: reading.registerName,
        description: reading.values.map((v) => `${v.param}: ${v.value ?? ''}`).join(', '),
        facility: area.name,
        openDate: new Date(`${reading.day}T12:00:00Z`),
        registerId: reading.registerId,
        sourceId: reading.logId,
        createdBy: caller.userId,
        place: area.name,
        ...placeOfSpace(area),
      },
    ]);
    await record(tx, caller, row!, 'created', { after: { status: 'running', registerId: reading.registerId } });
    await notifyChange(ctx, tx, caller, row!, [row!.responsibleId], { event: 'status', status: 'running', name: row!.name });
    opened.push(row!);
  }
  return opened;
}

/** POST /audits/{id}/questions/{questionId}/issues-tasks-all: a finished audit question's incidents with their actions. */
export async function issuesTasksAll(ctx: TModuleContext, caller: TAuth, auditId: string, questionId: string) {
  const data = await scoped(ctx, caller, async (tx) => {
    const rows = await repo.incidentsOfQuestion(tx, caller, auditId, questionId);
    return {
      rows,
      tasks: await repo.tasksOf(
        tx,
        rows.map((r) => r.id),
      ),
    };
  });
  const names = await namesOf(
    ctx,
    data.rows.map((r) => r.responsibleId),
  );
  return data.rows.map((r) => {
    const tasks = data.tasks.filter((t) => t.incidentId === r.id);
    return {
      ...presentIncident(caller, r, { open: tasks.filter((t) => t.status !== 'complete').length, total: tasks.length }, names),
      tasks: tasks.map((t) => ({ _id: t.id, name: t.name, status: t.status })),
    };
  });
}
