import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@audit/domain/zod';
import { userCalls } from '@audit/domain/calls/users';
import { serviceContractCalls } from '@audit/domain/contracts/calls';
import { ZServiceContract } from '@audit/domain/contracts/schemas';
import { visitPlanCalls } from '@audit/domain/visit-plans/calls';
import type { TVisitPlanPatch } from '@audit/domain/visit-plans/schemas';
import { send, sendPage } from '../../api/send';
import { wholeRows } from '../../api/wholeRows';
import { notifySuccess } from '../../ui/feedback';

/** The visit plan's calls (decision 0089); types are packages/domain's schemas. */
export const PLAN_QUERY_KEY = ['visit-plans'] as const;
/**
 * Read again whenever a screen shows them: contracts (activated on their own screens) and audits
 * (done, moved in the calendar) change these figures, and those screens do not know this feature.
 */
const FRESH = { staleTime: 0 } as const;

export const useSummary = (year: number, client?: string) =>
  useQuery({
    queryKey: [...PLAN_QUERY_KEY, 'summary', year, client ?? null],
    queryFn: ({ signal }) => send(visitPlanCalls.summary, { query: { year, ...(client ? { client } : {}) }, signal }),
    placeholderData: keepPreviousData,
    ...FRESH,
  });

export const useVisits = (year: number, client: string) =>
  useQuery({
    queryKey: [...PLAN_QUERY_KEY, 'visits', year, client],
    queryFn: ({ signal }) => send(visitPlanCalls.visits, { query: { year, client }, signal }),
    ...FRESH,
  });

/** The active contracts a plan is generated from. */
export const useActiveContracts = (enabled: boolean) =>
  useQuery({
    queryKey: [...PLAN_QUERY_KEY, 'contracts'],
    queryFn: async () =>
      (
        await wholeRows(
          ZServiceContract.pick({ _id: true, reference: true, client: true, startDate: true, endDate: true }),
          sendPage(serviceContractCalls.search, { page: 0, size: 1000, sort: '-startDate', filters: [{ field: 'status', operator: 'eq', value: 'ACTIVE' }] }),
        )
      ).items,
    enabled,
    ...FRESH,
  });

/** The company's auditors (workers/search-users: the users with the auditor switch on). */
export const useAuditors = (enabled: boolean) =>
  useQuery({
    queryKey: [...PLAN_QUERY_KEY, 'auditors'],
    queryFn: async () =>
      (
        await wholeRows(
          z.object({ _id: z.string(), fullName: z.string() }),
          sendPage(userCalls.searchWorkers, { page: 0, size: 250, sort: 'name', projections: ['_id', 'fullName'] }),
        )
      ).items,
    enabled,
    staleTime: 60_000,
  });

function usePlanMutation<TArgs, TOut>(call: (args: TArgs) => Promise<TOut>, success: 'createSuccess' | 'updateSuccess' | 'deleteSuccess') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      notifySuccess(success);
      void queryClient.invalidateQueries({ queryKey: PLAN_QUERY_KEY });
    },
  });
}

export const useGenerate = () => usePlanMutation((body: { contract: string; year: number }) => send(visitPlanCalls.generate, { body }), 'createSuccess');
/** Every active contract of the year at once (one request, one transaction). */
export const useGenerateYear = () => usePlanMutation((body: { year: number }) => send(visitPlanCalls.generateYear, { body }), 'createSuccess');
export const useUpdateVisit = () =>
  usePlanMutation(({ id, body }: { id: string; body: TVisitPlanPatch }) => send(visitPlanCalls.update, { params: { id }, body }), 'updateSuccess');
export const useDropVisit = () => usePlanMutation((id: string) => send(visitPlanCalls.drop, { params: { id } }), 'deleteSuccess');
