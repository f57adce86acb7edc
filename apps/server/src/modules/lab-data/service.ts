import {
  isWithinLimits,
  qualificationOf,
  ZLabReportInput,
  ZLabReportPatch,
  type TLabCategory,
  type TLabReportInput,
  type TLabReportOut,
  type TLabReportPatch,
  type TLabResultInput,
} from '@audit/domain/lab-data';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { iso, scoped, type TModuleContext } from '../../platform/http.js';
import { assertWritable } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { findFiles } from '../files/service.js';
import { signedFileUrl } from '../files/signing.js';
import { findSpaceInScope, spacesByIds } from '../spaces/service.js';
import { assertKnownCode, visibleCodes } from './codes.js';
import { labReportPolicy } from './policy.js';
import * as repo from './repo.js';
import { recordLab } from './history.js';
import type { TLabReportRow, TLabResultRow } from './tables.js';

/** The report's place, read from its space's path (…/client/establishment[/area]/). */
export function placeOf(space: { id: string; secureSpacePath: string; typeStructure: string }) {
  const ids = space.secureSpacePath.split('/').filter(Boolean);
  const [client, establishment, area] = space.typeStructure === 'AREA' ? ids.slice(-3) : [...ids.slice(-2), undefined];
  return { spaceId: space.id, secureSpacePath: space.secureSpacePath, clientId: client ?? null, establishmentId: establishment!, areaId: area ?? null };
}

/** An establishment or one of its areas in the caller's scope, writable by the caller (451 above it). */
export async function placeIn(tx: TDb, caller: TAuth, spaceId: string) {
  const space = await findSpaceInScope(tx, caller, spaceId);
  if (!space || !['ESTABLISHMENT', 'AREA'].includes(space.typeStructure)) throw invalidData(['space']);
  assertWritable(caller, space.secureSpacePath);
  return placeOf(space);
}

/** The certificate: a PDF the caller uploaded (POST /files/upload); 415 FIL0003 for anything else. */
async function pdfOf(tx: TDb, caller: TAuth, id: string | null | undefined) {
  if (!id) return { pdfFileId: null, pdfName: null };
  const [file] = await findFiles(tx, caller, [id]);
  if (!file) throw invalidData(['pdf']);
  if (file.contentType !== 'application/pdf') throw new AppError('onlyPdf', ['pdf']);
  return { pdfFileId: file.id, pdfName: file.originalName };
}

export const resultRows = (results: readonly TLabResultInput[]) =>
  results.map((r, position) => {
    const row = { parameter: r.parameter, value: r.value, unit: r.unit ?? null, minValue: r.minValue ?? null, maxValue: r.maxValue ?? null };
    return { ...row, position, qualified: isWithinLimits(row) };
  });

/**
 * A result outside its limits raises a lab incident (DRAFT), one per parameter of the report while
 * it is open: re-saving the same failing result does not open a second one; after SOLVED it does.
 */
export async function raiseIncidents(
  tx: TDb,
  caller: Pick<TAuth, 'userId'>,
  report: TLabReportRow,
  results: Pick<TLabResultRow, 'parameter' | 'value' | 'unit' | 'minValue' | 'maxValue' | 'qualified'>[],
) {
  const open = await repo.openIncidentParameters(tx, report.id);
  const failing = results.filter((r) => !r.qualified && !open.has(r.parameter));
  const seen = new Set<string>();
  const rows = await repo.insertIncidents(
    tx,
    failing
      .filter((r) => !seen.has(r.parameter) && seen.add(r.parameter))
      .map((r) => ({
        spaceId: report.spaceId,
        secureSpacePath: report.secureSpacePath,
        reportId: report.id,
        status: 'DRAFT',
        category: report.category,
        parameter: r.parameter,
        value: r.value,
        unit: r.unit,
        minValue: r.minValue,
        maxValue: r.maxValue,
        clientId: report.clientId,
        establishmentId: report.establishmentId,
        openDate: new Date(`${report.extractionDate}T12:00:00Z`),
        createdBy: caller.userId,
      })),
  );
  // Each raised incident's creation in its history, by whoever saved the report (decision 0058).
  await recordLab(tx, caller, rows, 'created', (i) => ({ after: { status: i.status, parameter: i.parameter, value: i.value, unit: i.unit } }));
  return rows.length;
}

const trace = (row: TLabReportRow) => ({
  module: 'LABORATORY',
  section: 'lab-reports',
  spaceId: row.spaceId,
  secureSpacePath: row.secureSpacePath,
  entityId: row.id,
});

/** Reports as the calls answer them: names of their places, results, certificate, open incidents and `can`. */
export async function presentReports(ctx: TModuleContext, tx: TDb, caller: TAuth, rows: TLabReportRow[]): Promise<TLabReportOut[]> {
  const ids = rows.map((r) => r.id);
  const results = await repo.resultsOf(tx, ids);
  const open = await repo.openIncidentCounts(tx, caller, ids);
  const names = new Map(
    (
      await spacesByIds(
        tx,
        caller,
        rows.flatMap((r) => [r.clientId, r.establishmentId, r.areaId].filter((x): x is string => !!x)),
      )
    ).map((s) => [s.id, s.name]),
  );
  const ref = (id: string | null) => (id ? { _id: id, name: names.get(id) ?? '' } : null);
  const organisms = rows.some((r) => r.resultCode) ? await visibleCodes(tx, caller) : new Map<string, string>();
  return rows.map((r) => ({
    _id: r.id,
    category: r.category as TLabCategory,
    number: r.number,
    resultCode: r.resultCode,
    organism: (r.resultCode && organisms.get(r.resultCode)) || null,
    result: r.result,
    extractionDate: r.extractionDate,
    client: ref(r.clientId),
    establishment: ref(r.establishmentId),
    measuringPoint: ref(r.areaId),
    qualified: r.qualified,
    score: r.score,
    results: results
      .filter((x) => x.reportId === r.id)
      .map((x) => ({ _id: x.id, parameter: x.parameter, value: x.value, unit: x.unit, minValue: x.minValue, maxValue: x.maxValue, qualified: x.qualified })),
    pdf: r.pdfFileId ? { _id: r.pdfFileId, url: signedFileUrl(ctx.config, r.pdfFileId), name: r.pdfName } : null,
    openIncidents: open.get(r.id) ?? 0,
    createdAt: iso(r.createdAt)!,
    updatedAt: iso(r.updatedAt)!,
    can: labReportPolicy.canAll(caller, r),
  }));
}

/** The report, visible to the caller and within their labDataAccess, or 404 / 452. */
export async function loadReport(tx: TDb, caller: TAuth, id: string, lock = false) {
  const row = await repo.findReport(tx, caller, id, lock);
  if (!row) throw notFound();
  labReportPolicy.authorize(caller, 'read', row);
  return row;
}

export async function getReport(ctx: TModuleContext, caller: TAuth, id: string) {
  return scoped(ctx, caller, async (tx) => (await presentReports(ctx, tx, caller, [await loadReport(tx, caller, id)]))[0]!);
}

export async function createReport(ctx: TModuleContext, caller: TAuth, input: TLabReportInput) {
  const body = ZLabReportInput.parse(input);
  return scoped(ctx, caller, async (tx) => {
    const place = await placeIn(tx, caller, body.space);
    labReportPolicy.authorize(caller, 'update', { ...place, category: body.category });
    await assertKnownCode(tx, caller, body.resultCode);
    const results = resultRows(body.results);
    const [row] = await repo.insertReports(tx, [
      {
        ...place,
        category: body.category,
        number: body.number,
        resultCode: body.resultCode ?? null,
        result: body.result ?? null,
        extractionDate: body.extractionDate,
        ...qualificationOf(results),
        ...(await pdfOf(tx, caller, body.pdf)),
        createdBy: caller.userId,
      },
    ]);
    const saved = await repo.replaceResults(tx, row!, results);
    await raiseIncidents(tx, caller, row!, saved);
    await recordTrace(tx, caller, { ...trace(row!), type: 'CREATE', payload: { number: row!.number, category: row!.category } });
    return (await presentReports(ctx, tx, caller, [row!]))[0]!;
  });
}

export async function updateReport(ctx: TModuleContext, caller: TAuth, id: string, input: TLabReportPatch) {
  const body = ZLabReportPatch.parse(input);
  return scoped(ctx, caller, async (tx) => {
    const before = await loadReport(tx, caller, id, true);
    labReportPolicy.authorize(caller, 'update', before);
    if (body.resultCode !== before.resultCode) await assertKnownCode(tx, caller, body.resultCode);
    const place = body.space && body.space !== before.spaceId ? await placeIn(tx, caller, body.space) : null;
    const results = body.results ? resultRows(body.results) : null;
    const row = await repo.updateReport(tx, id, {
      ...(place ?? {}),
      ...(body.number !== undefined ? { number: body.number } : {}),
      ...(body.resultCode !== undefined ? { resultCode: body.resultCode ?? null } : {}),
      ...(body.result !== undefined ? { result: body.result ?? null } : {}),
      ...(body.extractionDate !== undefined ? { extractionDate: body.extractionDate } : {}),
      ...(body.pdf !== undefined ? (body.pdf === before.pdfFileId ? {} : await pdfOf(tx, caller, body.pdf)) : {}),
      ...(results ? qualificationOf(results) : {}),
    });
    if (place) await repo.movePlace(tx, id, place);
    if (results) await raiseIncidents(tx, caller, row, await repo.replaceResults(tx, row, results));
    await recordTrace(tx, caller, { ...trace(row), type: 'UPDATE', payload: { number: row.number } });
    return (await presentReports(ctx, tx, caller, [row]))[0]!;
  });
}

/** Deletes the report with its results and incidents (the certificate's file stays with the files module). */
export async function deleteReport(ctx: TModuleContext, caller: TAuth, id: string) {
  await scoped(ctx, caller, async (tx) => {
    const row = await loadReport(tx, caller, id, true);
    labReportPolicy.authorize(caller, 'delete', row);
    await repo.deleteReport(tx, id);
    await recordTrace(tx, caller, { ...trace(row), type: 'REMOVE', payload: { number: row.number } });
  });
  return { ok: true as const };
}
