import { createContext, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from '@audit/domain/zod';
import { incidentCalls, taskCalls } from '@audit/domain/calls/incidents';
import { TASK_STATUSES } from '@audit/domain/incident-statuses';
import { MAX_PAGE_SIZE } from '@audit/domain/search';
import { sendPage } from '../../api/send';
import { wholeRows } from '../../api/wholeRows';

/**
 * The corrective actions behind a finished audit's issues, shown beside the issue and its photos
 * (issue 25's drill-down: question → photo → the action and its age). A finished audit's issues
 * became incidents named as the issue, on the issue's question (incidents/sources.ts), so an
 * issue's incident is the audit's live incident of the same question and name.
 */
const ZIncidentRef = z.object({ _id: z.string(), name: z.string(), questionId: z.string().nullable() });
const ZAction = z.object({
  _id: z.string(),
  incidentId: z.string(),
  name: z.string(),
  status: z.enum(TASK_STATUSES),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TReportAction = z.output<typeof ZAction>;
export interface TIssueActions {
  incidentId: string;
  actions: TReportAction[];
}
export type TActionsByIssue = Map<string, TIssueActions>;

export const issueKey = (question: string | null, name: string) => `${question ?? ''}|${name}`;

/** The audit's incidents and their actions, by issue (question and name); the actions oldest first. */
export function actionsByIssue(incidents: z.output<typeof ZIncidentRef>[], actions: TReportAction[]): TActionsByIssue {
  const byIssue: TActionsByIssue = new Map();
  const ofIncident = new Map<string, TIssueActions>();
  for (const incident of incidents) {
    const entry = { incidentId: incident._id, actions: [] };
    ofIncident.set(incident._id, entry);
    if (!byIssue.has(issueKey(incident.questionId, incident.name))) byIssue.set(issueKey(incident.questionId, incident.name), entry);
  }
  for (const action of [...actions].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) ofIncident.get(action.incidentId)?.actions.push(action);
  return byIssue;
}

/** Whole days elapsed from one instant to another (an open action's age, or the days a closed one took); never negative. */
export const elapsedDays = (from: string, to: string | Date) => Math.max(0, Math.floor((new Date(to).getTime() - new Date(from).getTime()) / 86_400_000));

export const ReportActions = createContext<TActionsByIssue | null>(null);
/** The actions by issue, when the page read them (the signed-in report); null on the public one. */
export const useActionsByIssue = () => useContext(ReportActions);

/**
 * Reads them for a signed-in user who may read incidents (`enabled`); nothing for a draft or
 * running audit (no incidents yet). A failure leaves the report as it is, without the actions.
 */
export function useReportActions(auditId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['audit-report', 'actions', auditId],
    enabled,
    queryFn: async () => {
      const incidents = (
        await wholeRows(
          ZIncidentRef,
          sendPage(incidentCalls.search, {
            page: 0,
            size: MAX_PAGE_SIZE,
            projections: ['_id', 'name', 'questionId'],
            filters: [{ field: 'audit', operator: 'eq', value: auditId }],
          }),
        )
      ).items;
      if (!incidents.length) return actionsByIssue([], []);
      const actions = (
        await wholeRows(
          ZAction,
          sendPage(taskCalls.search, {
            page: 0,
            size: MAX_PAGE_SIZE,
            projections: ['_id', 'incidentId', 'name', 'status', 'dueDate', 'overdue', 'createdAt', 'completedAt'],
            filters: [{ field: 'incident', operator: '$in', value: incidents.map((i) => i._id) }],
          }),
        )
      ).items;
      return actionsByIssue(incidents, actions);
    },
  });
}
