import { and, sql } from 'drizzle-orm';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { buildSearch, seekAfter } from '../../platform/search.js';
import { withinScope } from '../../platform/tenancy.js';
import { streamSheet } from '../../platform/xlsx-stream.js';
import { statusName } from './mail-text.js';
import { incidentSearch, listDefaults } from './search.js';
import { incidents, type TIncidentRow } from './tables.js';

/**
 * Rows read per query: the export walks the list in its own order by (sort key, id), each batch its
 * own short transaction. 500 rather than 2,000 (decision 0052): the driver's buffers for a batch and
 * the rows waiting for the zip are a quarter, and the first bytes leave sooner.
 */
export const EXPORT_BATCH = 500;

/** Only the columns the sheet shows (and the id the walk needs): a row of the table carries twice as many. */
const EXPORTED = {
  id: incidents.id,
  name: incidents.name,
  kind: incidents.kind,
  status: incidents.status,
  riskLevel: incidents.riskLevel,
  priority: incidents.priority,
  place: incidents.place,
  facility: incidents.facility,
  auditDate: incidents.auditDate,
  openDate: incidents.openDate,
  templateName: incidents.templateName,
  description: incidents.description,
};
type TExportedRow = Pick<TIncidentRow, keyof typeof EXPORTED>;

const HEADERS = {
  es: ['Nombre', 'Origen', 'Estado', 'Riesgo', 'Prioridad', 'Lugar', 'Instalación', 'Fecha de auditoría', 'Fecha de apertura', 'Plantilla', 'Descripción'],
  en: ['Name', 'Origin', 'Status', 'Risk', 'Priority', 'Place', 'Facility', 'Audit date', 'Open date', 'Template', 'Description'],
};
const KINDS = { es: { audits: 'Auditoría', others: 'Otra', measurements: 'Medición' }, en: { audits: 'Audit', others: 'Other', measurements: 'Measurement' } };
const RISKS = {
  es: { high: 'Alto', medium: 'Medio', low: 'Bajo', infrastructure: 'Infraestructura' },
  en: { high: 'High', medium: 'Medium', low: 'Low', infrastructure: 'Infrastructure' },
} as Record<'es' | 'en', Record<string, string>>;

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10).split('-').reverse().join('-') : '');

function rowOf(lang: 'es' | 'en', r: TExportedRow) {
  return [
    r.name,
    KINDS[lang][r.kind as keyof (typeof KINDS)['es']] ?? r.kind,
    statusName(lang, r.status),
    r.riskLevel ? (RISKS[lang][r.riskLevel] ?? r.riskLevel) : '',
    r.priority ?? '',
    r.place ?? '',
    r.facility ?? '',
    day(r.auditDate),
    day(r.openDate),
    r.templateName ?? '',
    r.description ?? '',
  ];
}

/**
 * POST /reports/issues/export-excel: the filtered list (the search's body) as an .xlsx, streamed as
 * it is read (exceljs's streaming writer), with the headers in the user's language. 832 when the
 * list is empty (nothing has been sent yet then); once streaming, a failure cuts the download.
 */
export async function exportIncidents(ctx: TModuleContext, caller: TAuth, body: TSearchBody, batchSize = EXPORT_BATCH) {
  const lang = caller.language === 'en' ? 'en' : 'es';
  // Exactly what the list shows: its filters, its search and its sort (ties by id, as the list).
  // The sort key is read as text: a timestamp keeps its microseconds (a Date would round them off and skip rows).
  const q = buildSearch(incidentSearch, body);
  const where = and(withinScope(incidents.secureSpacePath, caller), listDefaults(body), q.where);
  type TStep = { row: TExportedRow; key: unknown };
  const batch = async (after: TStep | null): Promise<TStep[]> =>
    scoped(ctx, caller, (tx) =>
      tx
        .select({ row: EXPORTED, key: sql<string | null>`(${q.sort.column})::text` })
        .from(incidents)
        .where(and(where, after ? seekAfter(q, after.key, after.row.id) : undefined))
        .orderBy(...q.orderBy)
        .limit(batchSize),
    );
  const first = await batch(null);
  if (!first.length) throw new AppError('noDataInRange');
  // Each batch waits until the one before has gone into the zip and to the download (streamSheet).
  const out = streamSheet({
    sheetName: lang === 'en' ? 'Incidents' : 'Incidencias',
    headers: HEADERS[lang],
    batchSize,
    first,
    rowsOf: (rows) => rows.map((r) => rowOf(lang, r.row)),
    next: (rows) => batch(rows[rows.length - 1]!),
  });
  return { stream: out, fileName: lang === 'en' ? 'incidents.xlsx' : 'incidencias.xlsx' };
}
