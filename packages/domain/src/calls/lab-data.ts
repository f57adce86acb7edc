import { z } from '../zod.js';
import { ZHistoryOut } from '../incidents.js';
import {
  ZLabImportBody,
  ZLabImportDone,
  ZLabImportPreview,
  ZLabIncidentOut,
  ZLabIncidentStatusChange,
  ZLabPlace,
  ZLabReportInput,
  ZLabReportOut,
  ZLabReportPatch,
  ZLabResultCodeOption,
  ZLabSearchBody,
} from '../lab-data.js';
import { CORE, defineCall } from './define.js';

const REPORTS = `${CORE}/lab-reports`;
const INCIDENTS = `${CORE}/lab-incidents`;
const ZIdParams = z.object({ id: z.string().uuid() });
const ZOk = z.object({ ok: z.literal(true) });

/** Laboratory reports with their results and CSV import (decision 0044). */
export const labReportCalls = {
  search: defineCall({
    name: 'labReports.search',
    method: 'POST',
    path: `${REPORTS}/search`,
    body: ZLabSearchBody,
    response: z.array(ZLabReportOut.partial()),
    page: true,
  }),
  create: defineCall({ name: 'labReports.create', method: 'POST', path: REPORTS, body: ZLabReportInput, response: ZLabReportOut, errors: ['alreadyExists'] }),
  importPreview: defineCall({
    name: 'labReports.importPreview',
    method: 'POST',
    path: `${REPORTS}/import/preview`,
    body: ZLabImportBody,
    response: ZLabImportPreview,
  }),
  import: defineCall({ name: 'labReports.import', method: 'POST', path: `${REPORTS}/import`, body: ZLabImportBody, response: ZLabImportDone }),
  places: defineCall({ name: 'labReports.places', method: 'GET', path: `${REPORTS}/places`, response: z.array(ZLabPlace) }),
  resultCodes: defineCall({ name: 'labReports.resultCodes', method: 'GET', path: `${REPORTS}/result-codes`, response: z.array(ZLabResultCodeOption) }),
  get: defineCall({ name: 'labReports.get', method: 'GET', path: `${REPORTS}/:id`, params: ZIdParams, response: ZLabReportOut, errors: ['notFound'] }),
  update: defineCall({
    name: 'labReports.update',
    method: 'PATCH',
    path: `${REPORTS}/:id`,
    params: ZIdParams,
    body: ZLabReportPatch,
    response: ZLabReportOut,
    errors: ['notFound', 'alreadyExists'],
  }),
  remove: defineCall({ name: 'labReports.remove', method: 'DELETE', path: `${REPORTS}/:id`, params: ZIdParams, response: ZOk, errors: ['notFound'] }),
};

/** The lab incidents list and their machine (DRAFT, RUNNING, SOLVED). */
export const labIncidentCalls = {
  search: defineCall({
    name: 'labIncidents.search',
    method: 'POST',
    path: `${INCIDENTS}/search`,
    body: ZLabSearchBody,
    response: z.array(ZLabIncidentOut.partial()),
    page: true,
  }),
  get: defineCall({ name: 'labIncidents.get', method: 'GET', path: `${INCIDENTS}/:id`, params: ZIdParams, response: ZLabIncidentOut, errors: ['notFound'] }),
  history: defineCall({
    name: 'labIncidents.history',
    method: 'GET',
    path: `${INCIDENTS}/:id/history`,
    params: ZIdParams,
    response: z.array(ZHistoryOut),
    errors: ['notFound'],
  }),
  exportExcel: defineCall({ name: 'labIncidents.exportExcel', method: 'POST', path: `${INCIDENTS}/export-excel`, body: ZLabSearchBody, file: true }),
  status: defineCall({
    name: 'labIncidents.status',
    method: 'PATCH',
    path: `${INCIDENTS}/:id/status`,
    params: ZIdParams,
    body: ZLabIncidentStatusChange,
    response: ZLabIncidentOut,
    errors: ['notFound'],
  }),
};
