import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { findSpacesInScope, spacesByIds } from '../spaces/service.js';
import { record } from './history.js';
import { notifyChange } from './notify.js';
import { namesOf, presentIncident } from './present.js';
import * as repo from './repo.js';
import { placeOfSpace } from './service.js';

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
    await repo.updateIncident(tx, row.id, { status: 'superseded' });
    await record(tx, caller, row, 'statusChanged', { before: { status: row.status }, after: { status: 'superseded', by: audit.id } });
  }
  return rows.length;
}

/** Reopening an audit erases its incidents with their corrective actions, comments and history (§4). */
export const eraseAuditIncidents = (tx: TDb, auditId: string) => repo.deleteAuditIncidents(tx, auditId);

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
