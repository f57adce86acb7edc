import { and, sql } from 'drizzle-orm';
import type { TServiceContractStatus } from '@audit/domain/contracts/schemas';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, seekAfter } from '../../platform/search.js';
import { withinScope } from '../../platform/tenancy.js';
import { streamSheet } from '../../platform/xlsx-stream.js';
import { LABELS, languageOf } from './labels.js';
import { presentContracts } from './present.js';
import { serviceContractSearch } from './search.js';
import { serviceContracts, type TServiceContractRow } from './tables.js';

/** Rows read per query, each batch its own short transaction walked by (sort key, id), as the other list exports. */
export const CONTRACT_EXPORT_BATCH = 500;

/** The filtered contracts list as one sheet, amounts in euros (exact: cents / 100), in the user's language; 832 when empty. */
export async function exportContracts(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const l = LABELS[languageOf(caller)];
  const q = buildSearch(serviceContractSearch, body);
  const where = and(withinScope(serviceContracts.secureSpacePath, caller), q.where);
  type TStep = { row: TServiceContractRow; key: unknown };
  const batch = async (after: TStep | null) =>
    scoped(ctx, caller, async (tx) => {
      const steps: TStep[] = await tx
        .select({ row: serviceContracts, key: sql<string | null>`(${q.sort.column})::text` })
        .from(serviceContracts)
        .where(and(where, after ? seekAfter(q, after.key, after.row.id) : undefined))
        .orderBy(...q.orderBy)
        .limit(CONTRACT_EXPORT_BATCH);
      return {
        steps,
        shown: await presentContracts(
          tx,
          caller,
          steps.map((s) => s.row),
        ),
      };
    });
  const first = await batch(null);
  if (!first.steps.length) throw new AppError('noDataInRange');
  const stream = streamSheet({
    sheetName: l.sheet,
    headers: l.headers,
    batchSize: CONTRACT_EXPORT_BATCH,
    first,
    rowsOf: (read) =>
      read.shown.map((c) => [
        c.reference ?? null,
        c.client.name,
        l.statuses[c.status as TServiceContractStatus],
        c.startDate,
        c.endDate ?? null,
        c.closeAt ? c.closeAt.slice(0, 10) : null,
        c.lines.map((line) => `${line.service.name} × ${line.quantity}`).join('; '),
        c.netCents / 100,
        c.ivaCents / 100,
        c.totalCents / 100,
      ]),
    next: (read) => batch(read.steps[read.steps.length - 1]!),
  });
  return { stream, fileName: l.excelFile };
}
