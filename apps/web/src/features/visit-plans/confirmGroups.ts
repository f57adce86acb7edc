import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { auditCalls } from '@audit/domain/calls/audits';
import { visitPlanCalls } from '@audit/domain/visit-plans/calls';
import type { TPlannedVisit, TVisitPlanConfirm } from '@audit/domain/visit-plans/schemas';
import { send, sendPage } from '../../api/send';
import { wholeRows, ZNamed, type TNamed } from '../../api/wholeRows';
import { notifySuccess } from '../../ui/feedback';
import { PLAN_QUERY_KEY } from './visitPlansApi';

/** Visits of one establishment and one service: they share the templates the goal offers there. */
export interface TVisitGroup {
  key: string;
  establishmentId: string;
  serviceId: string;
  establishment: string;
  service: string;
  visits: TPlannedVisit[];
}

/** The chosen visits by establishment and service, in the order they were first met. */
export function groupsOf(visits: TPlannedVisit[]): TVisitGroup[] {
  const groups = new Map<string, TVisitGroup>();
  for (const v of visits) {
    const key = `${v.establishment._id}|${v.service._id}`;
    const group = groups.get(key) ?? {
      key,
      establishmentId: v.establishment._id,
      serviceId: v.service._id,
      establishment: v.establishment.name,
      service: v.service.name,
      visits: [],
    };
    group.visits.push(v);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** For each group, the enabled templates of its service that its establishment's goal offers (the audits wizard's list). */
export function useGroupTemplates(groups: TVisitGroup[], enabled: boolean) {
  const results = useQueries({
    queries: groups.map((g) => ({
      queryKey: [...PLAN_QUERY_KEY, 'templates', g.establishmentId, g.serviceId],
      queryFn: async (): Promise<TNamed[]> => {
        // The wizard's search body, with the establishment whose goal must offer the template.
        const body = {
          page: 0,
          size: 100,
          sort: 'name',
          projections: ['_id', 'name'],
          filters: [{ field: 'service', operator: 'eq' as const, value: g.serviceId }],
          establishment: g.establishmentId,
        };
        return (await wholeRows(ZNamed, sendPage(auditCalls.templateOptions, body))).items;
      },
      enabled,
      staleTime: 0,
    })),
  });
  return Object.fromEntries(groups.map((g, i) => [g.key, results[i]!]));
}

/**
 * One confirm per group (each all or nothing on the server), one after the other; the plan's
 * figures are read again whatever happened, since an earlier group may have been confirmed.
 */
export function useConfirmGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bodies: TVisitPlanConfirm[]) => {
      for (const body of bodies) await send(visitPlanCalls.confirm, { body });
    },
    onSuccess: () => notifySuccess('updateSuccess'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLAN_QUERY_KEY }),
  });
}
