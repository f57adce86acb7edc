import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZLabImportBody,
  ZLabImportDone,
  ZLabImportPreview,
  ZLabIncidentOut,
  ZLabIncidentStatusChange,
  ZLabPlace,
  ZLabReportInput,
  ZLabResultCodeOption,
  ZLabReportOut,
  ZLabReportPatch,
  ZLabSearchBody,
} from '@audit/domain/lab-data';
import { ZHistoryOut } from '@audit/domain/incidents';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, typed, ZIdParams, ZOk, type TModuleContext } from '../../platform/http.js';
import { exportLabIncidents } from './export.js';
import { importReports, previewImport } from './importer.js';
import { changeLabIncidentStatus, getLabIncident, labIncidentHistory } from './incidents.js';
import { labResultCodeOptions } from './codes.js';
import { labPlaces } from './places.js';
import { searchLabIncidents, searchReports } from './search.js';
import * as service from './service.js';

const auth = requireAuth;

/** /ms-core/api/lab-reports: laboratory reports with their results (decision 0044). */
export async function labReportsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const tags = ['lab-data'];
  const read = requires('LAB_DATA_VIEW');
  const write = requires('LAB_DATA_WRITE');
  r.post('/search', {
    config: read,
    schema: {
      tags,
      summary:
        'Paged search of lab reports: category, number, resultCode, qualified, client, establishment, area, extractionDate (day or month range); within labDataAccess',
      body: ZLabSearchBody,
      response: { 200: z.array(ZLabReportOut.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await searchReports(ctx, auth(req), req.body)),
  });
  r.post('/', {
    config: write,
    schema: {
      tags,
      summary: 'Create a report with its results; each result outside its limits raises a lab incident (DRAFT); 420 for a number the establishment has',
      body: ZLabReportInput,
      response: { 200: ZLabReportOut },
    },
    handler: (req) => service.createReport(ctx, auth(req), req.body),
  });
  r.post('/import/preview', {
    config: write,
    schema: {
      tags,
      summary: "Read a laboratory's CSV for an establishment: the reports it would create and every row's errors; nothing is saved",
      body: ZLabImportBody,
      response: { 200: ZLabImportPreview },
    },
    handler: (req) => previewImport(ctx, auth(req), req.body),
  });
  r.post('/import', {
    config: write,
    schema: {
      tags,
      summary: 'Import the CSV: every report in one transaction, or nothing (LAB0002 naming the broken rows)',
      body: ZLabImportBody,
      response: { 200: ZLabImportDone },
    },
    handler: (req) => importReports(ctx, auth(req), req.body),
  });
  r.get('/places', {
    config: read,
    schema: {
      tags,
      summary: 'The establishments of the scope with their areas (measuring points), for the report form and the import',
      response: { 200: z.array(ZLabPlace) },
    },
    handler: (req) => labPlaces(ctx, auth(req)),
  });
  r.get('/result-codes', {
    config: read,
    schema: {
      tags,
      summary: 'The result codes the caller sees with their organisms (the nomenclature /lab-result-codes), for the forms and filters',
      response: { 200: z.array(ZLabResultCodeOption) },
    },
    handler: (req) => labResultCodeOptions(ctx, auth(req)),
  });
  r.get('/:id', {
    config: read,
    schema: { tags, summary: 'One report with its results, certificate and open incidents', params: ZIdParams, response: { 200: ZLabReportOut } },
    handler: (req) => service.getReport(ctx, auth(req), req.params.id),
  });
  r.patch('/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Edit a report; results, when sent, replace the old ones (new failing results raise incidents)',
      params: ZIdParams,
      body: ZLabReportPatch,
      response: { 200: ZLabReportOut },
    },
    handler: (req) => service.updateReport(ctx, auth(req), req.params.id, req.body),
  });
  r.delete('/:id', {
    config: write,
    schema: { tags, summary: 'Delete a report with its results and incidents', params: ZIdParams, response: { 200: ZOk } },
    handler: (req) => service.deleteReport(ctx, auth(req), req.params.id),
  });
}

/** /ms-core/api/lab-incidents: the lab incidents list (`/incidents/list/lab-data`) and their machine. */
export async function labIncidentsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const r = typed(app);
  const tags = ['lab-data'];
  r.post('/search', {
    config: requires('LAB_DATA_ISSUES_VIEW'),
    schema: {
      tags,
      summary: 'Paged search of lab incidents: status (DRAFT, RUNNING, SOLVED; uppercase), category, report, client, establishment, parameter',
      body: ZLabSearchBody,
      response: { 200: z.array(ZLabIncidentOut.partial()) },
    },
    handler: async (req, reply) => sendPage(reply, await searchLabIncidents(ctx, auth(req), req.body)),
  });
  r.get('/:id', {
    config: requires('LAB_DATA_ISSUES_VIEW'),
    schema: {
      tags,
      summary: 'One lab incident (its detail): 404 out of scope, 452 outside labDataAccess',
      params: ZIdParams,
      response: { 200: ZLabIncidentOut },
    },
    handler: (req) => getLabIncident(ctx, auth(req), req.params.id),
  });
  r.get('/:id/history', {
    config: requires('LAB_DATA_ISSUES_VIEW'),
    schema: {
      tags,
      summary: 'Every change of the lab incident, newest first (who, when): created, statusChanged (decision 0058)',
      params: ZIdParams,
      response: { 200: z.array(ZHistoryOut) },
    },
    handler: (req) => labIncidentHistory(ctx, auth(req), req.params.id),
  });
  r.post('/export-excel', {
    config: requires('LAB_DATA_ISSUES_VIEW'),
    schema: {
      tags,
      summary: 'The filtered lab incidents list (the search body) as an Excel file, streamed, in the user’s language (832 when empty)',
      body: ZLabSearchBody,
    },
    handler: async (req, reply) => {
      const { stream, fileName } = await exportLabIncidents(ctx, auth(req), req.body);
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(stream);
    },
  });
  r.patch('/:id/status', {
    config: requires('LAB_DATA_ISSUES_WRITE'),
    schema: {
      tags,
      summary: 'A move along the lab incident machine: DRAFT → RUNNING → SOLVED, RUNNING → DRAFT, SOLVED → RUNNING (LAB0001 otherwise)',
      params: ZIdParams,
      body: ZLabIncidentStatusChange,
      response: { 200: ZLabIncidentOut },
    },
    handler: (req) => changeLabIncidentStatus(ctx, auth(req), req.params.id, req.body.status),
  });
}
