/**
 * The statuses of incidents and corrective actions (product document §4; decision 0038), without
 * zod: the shell's notification drawer names them without loading the schemas.
 */
export const INCIDENT_STATUSES = [
  'draft',
  'running',
  'escalated_to_client',
  'action_plan_agreed',
  'completed_by_client',
  'evidence_pending_review',
  'evidence_rejected',
  'no_response',
  'resolved',
  'solvedInPlace',
  'superseded',
] as const;
export type TIncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const TASK_STATUSES = ['toDo', 'running', 'complete'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];
