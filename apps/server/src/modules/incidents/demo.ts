import { addDays, todayInZone } from '@audit/domain/dates';
import { INCIDENT_STATUSES, type TIncidentStatus } from '@audit/domain/incidents';
import type { TDb } from '../../platform/db.js';
import { record } from './history.js';
import * as repo from './repo.js';

/**
 * Demo incidents (the seed): one in every status at Hotel Mar Azul Valencia, with corrective actions
 * in every state (one overdue, one complete awaiting verification, verified ones behind the resolved
 * incident), written with the module's own queries inside the seed's transaction.
 */
export interface TDemoIncidentPlaces {
  client: { id: string };
  establishment: { id: string; path: string };
  place: string;
  auditorId: string;
  clientUserId: string;
  finishedAuditId: string;
  templateId: string;
  templateName: string;
}

const AUDIT_ONLY = new Set<TIncidentStatus>([
  'escalated_to_client',
  'action_plan_agreed',
  'completed_by_client',
  'evidence_pending_review',
  'evidence_rejected',
  'no_response',
  'superseded',
]);
const NAMES: Record<TIncidentStatus, string> = {
  draft: 'Puerta de la cámara no cierra',
  running: 'Fuga de agua bajo el fregadero',
  escalated_to_client: 'Tabla de corte deteriorada',
  action_plan_agreed: 'Falta registro de limpieza de campanas',
  completed_by_client: 'Etiquetado de alérgenos incompleto',
  evidence_pending_review: 'Luminaria sin protección en cocina',
  evidence_rejected: 'Sumidero con restos de grasa',
  no_response: 'Termómetro de sonda sin calibrar',
  resolved: 'Cubo de basura sin pedal',
  solvedInPlace: 'Producto sin fecha de apertura',
  superseded: 'Juntas de cámara deterioradas',
};
const RISKS = ['high', 'medium', 'low', 'infrastructure'];

export async function seedDemoIncidents(tx: TDb, p: TDemoIncidentPlaces) {
  const today = todayInZone('Europe/Madrid');
  const at = (offset: number) => new Date(`${addDays(today, offset)}T09:00:00Z`);
  const who = { userId: p.auditorId };
  for (const [index, status] of INCIDENT_STATUSES.entries()) {
    const audit = AUDIT_ONLY.has(status);
    const [row] = await repo.insertIncidents(tx, [
      {
        spaceId: p.establishment.id,
        secureSpacePath: p.establishment.path,
        kind: audit ? 'audits' : 'others',
        status,
        solvedInPlace: status === 'solvedInPlace',
        name: NAMES[status],
        riskLevel: RISKS[index % RISKS.length]!,
        priority: audit ? null : 'medium',
        reportedBy: audit ? null : 'Recepción',
        detectedBy: audit ? null : 'Jefe de cocina',
        facility: audit ? null : 'Cocina',
        openDate: at(-20 + index),
        auditDate: audit ? at(-30) : null,
        auditId: audit ? p.finishedAuditId : null,
        auditorId: audit ? p.auditorId : null,
        templateId: audit ? p.templateId : null,
        templateName: audit ? p.templateName : null,
        clientId: p.client.id,
        establishmentId: p.establishment.id,
        place: p.place,
        responsibleId: p.clientUserId,
        createdBy: p.auditorId,
        resolvedAt: ['resolved', 'solvedInPlace'].includes(status) ? at(-1) : null,
        ...(status === 'superseded' ? { supersededAt: at(-1), supersededBy: p.auditorId, supersededReason: 'manual' } : {}),
      },
    ]);
    await record(tx, who, row!, 'created', { after: { status: 'running' } });
    if (status !== 'draft' && status !== 'running') await record(tx, who, row!, 'statusChanged', { before: { status: 'running' }, after: { status } });
    const task = (name: string, state: 'toDo' | 'running' | 'complete', extra: { verified?: boolean; due?: number } = {}) => ({
      incidentId: row!.id,
      spaceId: row!.spaceId,
      secureSpacePath: row!.secureSpacePath,
      name,
      status: state,
      priority: 'medium',
      responsibleId: p.clientUserId,
      dueDate: extra.due === undefined ? null : addDays(today, extra.due),
      // Raised at the audit, a week before it was completed: its days to close are real ones.
      createdAt: at(-9),
      completedAt: state === 'complete' ? at(-2) : null,
      completedBy: state === 'complete' ? p.clientUserId : null,
      verifiedAt: extra.verified ? at(-1) : null,
      verifiedBy: extra.verified ? p.auditorId : null,
      createdBy: p.auditorId,
    });
    if (status === 'running')
      await repo.insertTasks(tx, [task('Avisar al fontanero', 'toDo', { due: -2 }), task('Secar y revisar el mueble', 'running', { due: 5 })]);
    // An audit incident's action past its due date: the statistics' overdue corrective action (decision 0091).
    // Two days back (the demo counts days in Madrid, the demo space's zone, as the overdue rule does
    // since decision 0094; one day back would do, two keep it overdue whatever zone the space is given).
    if (status === 'escalated_to_client') await repo.insertTasks(tx, [task('Sustituir la tabla de corte', 'toDo', { due: -2 })]);
    if (status === 'action_plan_agreed') await repo.insertTasks(tx, [task('Crear hoja de registro de limpieza', 'running', { due: 10 })]);
    if (status === 'evidence_pending_review') await repo.insertTasks(tx, [task('Instalar protector en la luminaria', 'complete')]);
    if (status === 'evidence_rejected') await repo.insertTasks(tx, [task('Limpiar el sumidero a fondo', 'running', { due: 3 })]);
    if (status === 'resolved') await repo.insertTasks(tx, [task('Sustituir el cubo por uno de pedal', 'complete', { verified: true })]);
  }
}
