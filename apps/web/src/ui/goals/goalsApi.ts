import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGoalInput, TService } from '@audit/domain/services';
import { templateCalls } from '@audit/domain/calls/templates';
import { ZTemplateSummary } from '@audit/domain/templates';
import type { z } from 'zod';
import { sendPage, send } from '../../api/send';
import { serviceCalls, spaceServiceCalls } from '@audit/domain/calls/services';
import { wholeRows, ZNamed } from '../../api/wholeRows';
import { notifySuccess } from '../feedback';

/**
 * The services-templates goal of a space (client, establishment, area, or the company itself):
 * the goals in effect there (own or inherited, docs/decisions/0023) and the replace call. Types are
 * the server's schemas (packages/domain/src/services.ts).
 */
/** Under the catalogues' key: creating or deleting a service changes the goals, and refreshes these. */
export const GOALS_QUERY_KEY = ['nomenclatures', 'goals'] as const;

export const useGoalsInEffect = (spaceId: string) =>
  useQuery({
    queryKey: [...GOALS_QUERY_KEY, spaceId],
    queryFn: () => send(spaceServiceCalls.goalsInEffect, { params: { id: spaceId } }),
  });

export type TServiceOption = Pick<TService, '_id' | 'name'>;
/** A template narrowed to the projections the goals ask for. */
const ZTemplateOption = ZTemplateSummary.pick({ _id: true, name: true, service: true, enabled: true });
export type TTemplateOption = z.infer<typeof ZTemplateOption>;

/** Every service the caller can see (the company's), names only. */
export const useServiceNames = () =>
  useQuery({
    queryKey: [...GOALS_QUERY_KEY, 'services'],
    queryFn: async () => (await wholeRows(ZNamed, sendPage(serviceCalls.search, { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name'] }))).items,
  });

/** The audit templates, to narrow a goal to some of its service's templates. */
export const useTemplateNames = () =>
  useQuery({
    queryKey: [...GOALS_QUERY_KEY, 'templates'],
    queryFn: async () =>
      (
        await sendPage(templateCalls.search, {
          page: 0,
          size: 1000,
          sort: 'name',
          projections: ['_id', 'name', 'service', 'enabled'],
        })
      ).items.map((item) => ZTemplateOption.parse(item)),
  });

export function useSaveGoals(spaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goals: TGoalInput[]) => send(spaceServiceCalls.setGoals, { params: { id: spaceId }, body: { servicesTemplatesGoal: goals } }),
    onSuccess: () => {
      notifySuccess('updateSuccess');
      // Every space below may take its goals from this one; the wizard's options follow them.
      // The save is done: the lists reload behind it (the dialog does not wait for them).
      void queryClient.invalidateQueries({ queryKey: GOALS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['audits', 'options'] });
    },
  });
}
