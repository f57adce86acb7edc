import { and, eq, sql } from 'drizzle-orm';
import type { TTaskPriority, TTaskStatus } from '@audit/domain/incidents';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { seekAfter } from '../../platform/search.js';
import { streamSheet } from '../../platform/xlsx-stream.js';
import { spaceDays } from '../spaces/days.js';
import { isOverdue, namesOf } from './present.js';
import { taskListQuery } from './search.js';
import { incidents, incidentTasks, type TIncidentTaskRow } from './tables.js';

/** Rows read per query: each batch its own short transaction, walked by (sort key, id) as the incidents' export (0045). */
export const TASKS_EXPORT_BATCH = 500;

/** Only the columns the sheet shows (and the id the walk needs), the incident's name joined as the list joins it. */
const EXPORTED = {
  id: incidentTasks.id,
  name: incidentTasks.name,
  status: incidentTasks.status,
  priority: incidentTasks.priority,
  responsibleId: incidentTasks.responsibleId,
  dueDate: incidentTasks.dueDate,
  secureSpacePath: incidentTasks.secureSpacePath,
  completedBy: incidentTasks.completedBy,
  verifiedBy: incidentTasks.verifiedBy,
  incidentName: incidents.name,
  incidentStatus: incidents.status,
};
type TExportedRow = Pick<
  TIncidentTaskRow,
  'id' | 'name' | 'status' | 'priority' | 'responsibleId' | 'dueDate' | 'secureSpacePath' | 'completedBy' | 'verifiedBy'
> & {
  incidentName: string;
  incidentStatus: string;
};

const LABELS = {
  es: {
    sheet: 'Acciones correctivas',
    file: 'acciones-correctivas.xlsx',
    headers: ['Acción', 'Incidencia', 'Estado', 'Prioridad', 'Responsable', 'Fecha límite', 'Vencida', 'Completada por', 'Verificada por'],
    statuses: { toDo: 'Por hacer', running: 'En curso', complete: 'Completada' },
    priorities: { low: 'Baja', medium: 'Media', high: 'Alta' },
    yes: 'Sí',
    no: 'No',
  },
  en: {
    sheet: 'Corrective actions',
    file: 'corrective-actions.xlsx',
    headers: ['Action', 'Incident', 'Status', 'Priority', 'Responsible', 'Due date', 'Overdue', 'Completed by', 'Verified by'],
    statuses: { toDo: 'To do', running: 'In progress', complete: 'Complete' },
    priorities: { low: 'Low', medium: 'Medium', high: 'High' },
    yes: 'Yes',
    no: 'No',
  },
} as const;

/** A date column's 'YYYY-MM-DD' as the list shows it, DD-MM-YYYY. */
const day = (date: string | null) => (date ? date.split('-').reverse().join('-') : '');

/**
 * POST /tasks/export-excel: the corrective actions' list (its search body: filters, search, sort) as
 * an .xlsx, streamed as it is read, headers and values in the user's language; the list's own query
 * (taskListQuery: same filters, scope and order), so the file holds the rows the list shows. 832
 * when nothing matches (nothing sent yet then).
 */
export async function exportTasks(ctx: TModuleContext, caller: TAuth, body: TSearchBody, batchSize = TASKS_EXPORT_BATCH) {
  const lang = caller.language === 'en' ? 'en' : 'es';
  const l = LABELS[lang];
  // The sort key is read as text: a timestamp keeps its microseconds (a Date would round them off and skip rows).
  // One day for the whole file (its filter and its Overdue column), as the list reads it (decision 0094).
  const days = await scoped(ctx, caller, (tx) => spaceDays(tx, caller.spacePath));
  const { q, where } = taskListQuery(caller, body, days);
  type TStep = { row: TExportedRow; key: unknown };
  const batch = async (after: TStep | null) => {
    const steps: TStep[] = await scoped(ctx, caller, (tx) =>
      tx
        .select({ row: EXPORTED, key: sql<string | null>`(${q.sort.column})::text` })
        .from(incidentTasks)
        .innerJoin(incidents, eq(incidents.id, incidentTasks.incidentId))
        .where(and(where, after ? seekAfter(q, after.key, after.row.id) : undefined))
        .orderBy(...q.orderBy)
        .limit(batchSize),
    );
    // Read after the transaction, as the list reads them (a client user reads the company auditor's name).
    const names = await namesOf(
      ctx,
      steps.flatMap(({ row: r }) => [r.responsibleId, r.completedBy, r.verifiedBy]),
    );
    return { steps, names };
  };
  const first = await batch(null);
  if (!first.steps.length) throw new AppError('noDataInRange');
  const person = (names: Map<string, string>, id: string | null) => (id ? (names.get(id) ?? '') : '');
  const out = streamSheet({
    sheetName: l.sheet,
    headers: l.headers,
    batchSize,
    first,
    rowsOf: (read) =>
      read.steps.map(({ row: r }) => [
        r.name,
        r.incidentName,
        l.statuses[r.status as TTaskStatus] ?? r.status,
        l.priorities[r.priority as TTaskPriority] ?? r.priority,
        person(read.names, r.responsibleId),
        day(r.dueDate),
        isOverdue(r, r.incidentStatus, days.todayOf(r.secureSpacePath)) ? l.yes : l.no,
        person(read.names, r.completedBy),
        person(read.names, r.verifiedBy),
      ]),
    next: (read) => batch(read.steps[read.steps.length - 1]!),
  });
  return { stream: out, fileName: l.file };
}
