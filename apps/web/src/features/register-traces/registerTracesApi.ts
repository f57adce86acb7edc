import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZRegisterTraceOut, type TRegisterTraceOut } from '@audit/domain/registers';
import type { TSearchFilter } from '@audit/domain/search';
import { registerCalls } from '@audit/domain/calls/registers';
import { sendPage } from '../../api/send';

/** The register traces call; the row type is inferred from packages/domain's response schema. */
export type TRegisterTrace = TRegisterTraceOut;

export interface TTraceFilters {
  section?: string;
  type?: string;
  /** [from, to] as ISO instants (the start of the first day, the end of the last, in the browser's zone). */
  date?: [string, string];
}

export const countTraceFilters = (f: TTraceFilters) => [f.section, f.type, f.date].filter(Boolean).length;

function toFilters(f: TTraceFilters): TSearchFilter[] {
  const out: TSearchFilter[] = [];
  if (f.section) out.push({ field: 'section', operator: 'eq', value: f.section });
  if (f.type) out.push({ field: 'type', operator: 'eq', value: f.type });
  if (f.date) out.push({ field: 'date', operator: 'between', value: f.date });
  return out;
}

export function useRegisterTraces(query: { page: number; size: number; search: string; filters: TTraceFilters }) {
  return useQuery({
    queryKey: ['register-traces', query],
    // No projections: each row comes whole.
    queryFn: async ({ signal }) => {
      const page = await sendPage(registerCalls.traces, { page: query.page, size: query.size, sort: '-date', filters: toFilters(query.filters) }, { signal });
      return { ...page, items: ZRegisterTraceOut.array().parse(page.items) };
    },
    placeholderData: keepPreviousData,
  });
}
