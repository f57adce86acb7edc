import { useQuery } from '@tanstack/react-query';
import { ZAuditListItem } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import { incidentCalls, taskCalls } from '@audit/domain/calls/incidents';
import { labIncidentCalls } from '@audit/domain/calls/lab-data';
import { registerCalls } from '@audit/domain/calls/registers';
import { ZIncidentOut, ZIncidentTaskOut } from '@audit/domain/incidents';
import { ZLabIncidentOut } from '@audit/domain/lab-data';
import { ZRegisterOut } from '@audit/domain/registers';
import { statisticsCalls } from '@audit/domain/statistics/calls';
import type { TSearchFilter } from '@audit/domain/search';
import { AUDITS_QUERY_KEY } from '../../api/queryKeys';
import { send, sendPage } from '../../api/send';
import { wholeRows } from '../../api/wholeRows';
import { AUDITS_TO_RUN, HOME_ITEMS, OPEN_INCIDENT_STATUSES, OPEN_LAB_STATUSES } from './homeSections';

/**
 * The homes' reads (decision 0080): the lists' own search calls with their filters, HOME_ITEMS rows
 * each, projected to what a line shows and checked whole against those fields. The keys sit under
 * each domain's prefix, so a change that refreshes a list refreshes its home section too.
 */

const size = HOME_ITEMS;
const fieldsOf = (schema: { keyof: () => { options: readonly string[] } }) => [...schema.keyof().options];

const ZAuditLine = ZAuditListItem.pick({ _id: true, status: true, template: true, establishment: true, startDate: true, finishedDate: true, percentage: true });
const ZIncidentLine = ZIncidentOut.pick({ _id: true, name: true, status: true, riskLevel: true, place: true, facility: true, openDate: true });
const ZTaskLine = ZIncidentTaskOut.pick({ _id: true, incidentId: true, incidentName: true, name: true, dueDate: true, responsible: true, daysLate: true });
const ZRegisterLine = ZRegisterOut.pick({ _id: true, name: true, areaAccess: true, client: true });
const ZLabLine = ZLabIncidentOut.pick({
  _id: true,
  status: true,
  category: true,
  parameter: true,
  value: true,
  unit: true,
  report: true,
  place: true,
  openDate: true,
});

export type TAuditLine = ReturnType<typeof ZAuditLine.parse>;
export type TIncidentLine = ReturnType<typeof ZIncidentLine.parse>;
export type TTaskLine = ReturnType<typeof ZTaskLine.parse>;
export type TRegisterLine = ReturnType<typeof ZRegisterLine.parse>;
export type TLabLine = ReturnType<typeof ZLabLine.parse>;

/** Audits planned or in progress, the nearest first; an auditor's own only. */
export function useAuditsToRun(auditorId: string | undefined) {
  const filters: TSearchFilter[] = [{ field: 'status', operator: '$in', value: [...AUDITS_TO_RUN] }];
  if (auditorId) filters.push({ field: 'auditor', operator: 'eq', value: auditorId });
  return useQuery({
    queryKey: [...AUDITS_QUERY_KEY, 'home', 'toRun', auditorId ?? null],
    queryFn: () => wholeRows(ZAuditLine, sendPage(auditCalls.search, { size, sort: 'startDate', filters, projections: fieldsOf(ZAuditLine) })),
  });
}

/** The audits finished last. */
export const useFinishedAudits = () =>
  useQuery({
    queryKey: [...AUDITS_QUERY_KEY, 'home', 'finished'],
    queryFn: () =>
      wholeRows(
        ZAuditLine,
        sendPage(auditCalls.search, {
          size,
          sort: '-finishedDate',
          filters: [{ field: 'status', operator: 'eq', value: 'finished' }],
          projections: fieldsOf(ZAuditLine),
        }),
      ),
  });

/** Audit incidents not closed, the latest opened first. */
export const useOpenIncidents = () =>
  useQuery({
    queryKey: ['incidents', 'home', 'open'],
    queryFn: () =>
      wholeRows(
        ZIncidentLine,
        sendPage(incidentCalls.search, {
          size,
          sort: '-openDate',
          filters: [
            { field: 'kind', operator: 'eq', value: 'audits' },
            { field: 'status', operator: '$in', value: OPEN_INCIDENT_STATUSES },
          ],
          projections: fieldsOf(ZIncidentLine),
        }),
      ),
  });

/** Corrective actions past their due date and not complete (the server's `overdue` filter), the latest due first. */
export const useOverdueTasks = () =>
  useQuery({
    queryKey: ['incidents', 'tasks', 'home', 'overdue'],
    queryFn: () =>
      wholeRows(
        ZTaskLine,
        sendPage(taskCalls.search, {
          size,
          sort: '-dueDate',
          filters: [{ field: 'overdue', operator: 'eq', value: true }],
          projections: fieldsOf(ZTaskLine),
        }),
      ),
  });

/** Registers whose current period still has takes to fill, with how many each. */
export const usePendingRegisters = () =>
  useQuery({
    queryKey: ['register-logs', 'home', 'pending'],
    queryFn: async () => {
      const [page, pending] = await Promise.all([
        wholeRows(ZRegisterLine, sendPage(registerCalls.searchPending, { size, sort: 'name', projections: fieldsOf(ZRegisterLine) })),
        send(registerCalls.checkPending, { body: {} }),
      ]);
      const takes = new Map(pending.map((p) => [p._id, p.pending]));
      return { ...page, items: page.items.map((register) => ({ ...register, pending: takes.get(register._id) ?? 0 })) };
    },
  });

/** Lab results out of their limits still open (a lab incident each), the latest first. */
export const useLabOutOfLimits = () =>
  useQuery({
    queryKey: ['lab-data', 'home', 'open'],
    queryFn: () =>
      wholeRows(
        ZLabLine,
        sendPage(labIncidentCalls.search, {
          size,
          filters: [{ field: 'status', operator: '$in', value: [...OPEN_LAB_STATUSES] }],
          projections: fieldsOf(ZLabLine),
        }),
      ),
  });

/** The dashboard's headline figures over [from, to] (statistics.summary, decision 0078). */
export const useSummary = (from: string, to: string) =>
  useQuery({ queryKey: ['statistics', 'home', 'summary', from, to], queryFn: () => send(statisticsCalls.summary, { body: { from, to } }) });
