import { outOfLimits, parseLabCsv, parseLabRecords, type TLabCsvParsed, type TLabCsvRowError } from '@audit/domain/lab-data-csv';
import { qualificationOf, ZLabImportBody, type TLabImportBody, type TLabImportPreview } from '@audit/domain/lab-data';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { recordTrace } from '../../platform/trace.js';
import { childSpaces, findSpaceInScope } from '../spaces/service.js';
import { labReportPolicy } from './policy.js';
import * as repo from './repo.js';
import { visibleCodes } from './codes.js';
import { placeOf, raiseIncidents, resultRows } from './service.js';
import { readLabXlsx } from './xlsx.js';

/** Row errors named in the 400's `fields` (`rows.7.value`); the preview lists them all. */
const FIELDS_NAMED = 50;

/** The file's rows, from the CSV's text or the Excel workbook's first sheet (decision 0053). */
async function parseFile(body: TLabImportBody): Promise<TLabCsvParsed> {
  if (body.csv !== undefined) return parseLabCsv(body.csv);
  const rows = await readLabXlsx(body.xlsx ?? '');
  return rows ? parseLabRecords(rows) : { reports: [], rows: 0, errors: [{ row: 1, field: 'file', problem: 'notWorkbook' }] };
}

/**
 * Reads a laboratory's CSV or Excel file against the establishment it is for (decision 0044): the rows' own errors
 * (the domain's parser), then a measuring point that is not an area of the establishment and a report
 * number the establishment already has in that category.
 */
async function prepare(tx: TDb, caller: TAuth, input: TLabImportBody) {
  const body = ZLabImportBody.parse(input);
  const space = await findSpaceInScope(tx, caller, body.space);
  if (!space || space.typeStructure !== 'ESTABLISHMENT') throw invalidData(['space']);
  const establishment = placeOf(space);
  labReportPolicy.authorize(caller, 'update', { ...establishment, category: body.category });
  const parsed = await parseFile(body);
  const errors: TLabCsvRowError[] = [...parsed.errors];
  const areas = await childSpaces(tx, caller, [space.id], 'AREA');
  const areaByName = new Map(areas.map((a) => [a.name.trim().toLowerCase(), a.id]));
  const taken = await repo.existingNumbers(
    tx,
    space.id,
    body.category,
    parsed.reports.map((r) => r.number),
  );
  const codes = await visibleCodes(tx, caller);
  const reports = parsed.reports.flatMap((report) => {
    if (report.resultCode && !codes.has(report.resultCode)) return (errors.push({ row: report.row, field: 'resultCode', problem: 'unknownCode' }), []);
    const areaId = report.measuringPoint ? areaByName.get(report.measuringPoint.toLowerCase()) : null;
    if (areaId === undefined) return (errors.push({ row: report.row, field: 'measuringPoint', problem: 'unknownPoint' }), []);
    if (taken.has(report.number)) return (errors.push({ row: report.row, field: 'number', problem: 'duplicate' }), []);
    return [{ ...report, areaId }];
  });
  errors.sort((a, b) => a.row - b.row);
  return { body, space, reports, rows: parsed.rows, errors };
}

/** POST /lab-reports/import/preview: what the file would create, and every row's errors; nothing is saved. */
export async function previewImport(ctx: TModuleContext, caller: TAuth, input: TLabImportBody): Promise<TLabImportPreview> {
  const p = await scoped(ctx, caller, (tx) => prepare(tx, caller, input));
  return {
    reports: p.reports.map((r) => ({
      number: r.number,
      extractionDate: r.extractionDate,
      measuringPoint: r.measuringPoint,
      resultCode: r.resultCode,
      results: r.results.length,
      outOfLimits: outOfLimits(r),
    })),
    rows: p.rows,
    errors: p.errors,
  };
}

/**
 * POST /lab-reports/import: every report of the file in one transaction, or none (LAB0002 naming the
 * broken rows). Each out-of-limit result raises its lab incident in the same transaction.
 */
export async function importReports(ctx: TModuleContext, caller: TAuth, input: TLabImportBody) {
  return scoped(ctx, caller, async (tx) => {
    const p = await prepare(tx, caller, input);
    if (p.errors.length || !p.reports.length) {
      const fields = p.errors.slice(0, FIELDS_NAMED).map((e) => `rows.${e.row}.${e.field}`);
      throw new AppError('labImportInvalid', fields.length ? fields : [p.body.xlsx ? 'xlsx' : 'csv']);
    }
    let results = 0;
    let incidents = 0;
    for (const report of p.reports) {
      const area = report.areaId ? await findSpaceInScope(tx, caller, report.areaId) : null;
      const place = placeOf(area ?? p.space);
      const rows = resultRows(report.results);
      const [row] = await repo.insertReports(tx, [
        {
          ...place,
          category: p.body.category,
          number: report.number,
          resultCode: report.resultCode,
          extractionDate: report.extractionDate,
          ...qualificationOf(rows),
          createdBy: caller.userId,
        },
      ]);
      results += rows.length;
      incidents += await raiseIncidents(tx, caller, row!, await repo.replaceResults(tx, row!, rows));
    }
    await recordTrace(tx, caller, {
      type: 'CREATE',
      module: 'LABORATORY',
      section: 'lab-reports',
      spaceId: p.space.id,
      secureSpacePath: p.space.secureSpacePath,
      payload: { imported: p.reports.map((r) => r.number), category: p.body.category },
    });
    return { reports: p.reports.length, results, incidents };
  });
}
