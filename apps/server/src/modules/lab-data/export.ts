import { and, sql } from 'drizzle-orm';
import type { TLabCategory } from '@audit/domain/lab-data';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, seekAfter } from '../../platform/search.js';
import { streamSheet } from '../../platform/xlsx-stream.js';
import { labIncidentSearch, namesForIncidents, visibleLabIncidents } from './search.js';
import { labIncidents, type TLabIncidentRow } from './tables.js';

/** Rows read per query: each batch its own short transaction, walked by (sort key, id) as the incidents' export (0045). */
export const LAB_EXPORT_BATCH = 500;

const LABELS = {
  es: {
    sheet: 'Incidencias de laboratorio',
    file: 'incidencias-laboratorio.xlsx',
    headers: ['Informe', 'Categoría', 'Parámetro', 'Valor', 'Unidad', 'Mínimo', 'Máximo', 'Estado', 'Lugar', 'Fecha de apertura'],
    categories: { food: 'Alimentos', pool: 'Piscina', legionella: 'Legionela', others: 'Otros' },
    statuses: { DRAFT: 'Borrador', RUNNING: 'En curso', SOLVED: 'Resuelta' },
  },
  en: {
    sheet: 'Lab incidents',
    file: 'lab-incidents.xlsx',
    headers: ['Report', 'Category', 'Parameter', 'Value', 'Unit', 'Minimum', 'Maximum', 'Status', 'Place', 'Open date'],
    categories: { food: 'Food', pool: 'Pool', legionella: 'Legionella', others: 'Others' },
    statuses: { DRAFT: 'Draft', RUNNING: 'In progress', SOLVED: 'Solved' },
  },
} as const;

const day = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('-');

/**
 * POST /lab-incidents/export-excel: the lab incidents' list (its search body: filters, search,
 * sort) as an .xlsx, streamed as it is read, headers and names in the user's language; within the
 * caller's space and labDataAccess, without a client's DRAFT ones, as the list (visibleLabIncidents). 832 when nothing matches (nothing sent yet then).
 */
export async function exportLabIncidents(ctx: TModuleContext, caller: TAuth, body: TSearchBody, batchSize = LAB_EXPORT_BATCH) {
  const lang = caller.language === 'en' ? 'en' : 'es';
  const l = LABELS[lang];
  const q = buildSearch(labIncidentSearch, body);
  const where = and(visibleLabIncidents(caller), q.where);
  type TStep = { row: TLabIncidentRow; key: unknown };
  const batch = async (after: TStep | null) =>
    scoped(ctx, caller, async (tx) => {
      const steps: TStep[] = await tx
        .select({ row: labIncidents, key: sql<string | null>`(${q.sort.column})::text` })
        .from(labIncidents)
        .where(and(where, after ? seekAfter(q, after.key, after.row.id) : undefined))
        .orderBy(...q.orderBy)
        .limit(batchSize);
      return {
        steps,
        names: await namesForIncidents(
          tx,
          caller,
          steps.map((s) => s.row),
        ),
      };
    });
  const first = await batch(null);
  if (!first.steps.length) throw new AppError('noDataInRange');
  const out = streamSheet({
    sheetName: l.sheet,
    headers: l.headers,
    batchSize,
    first,
    rowsOf: (read) =>
      read.steps.map(({ row: r }) => [
        read.names.numbers.get(r.reportId) ?? '',
        l.categories[r.category as TLabCategory] ?? r.category,
        r.parameter,
        r.value,
        r.unit ?? '',
        r.minValue ?? '',
        r.maxValue ?? '',
        l.statuses[r.status as keyof typeof l.statuses] ?? r.status,
        (r.establishmentId && read.names.places.get(r.establishmentId)) || '',
        day(r.openDate),
      ]),
    next: (read) => batch(read.steps[read.steps.length - 1]!),
  });
  return { stream: out, fileName: l.file };
}
