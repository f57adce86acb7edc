import type { FastifyInstance } from 'fastify';
import { labIncidentCalls, labReportCalls } from '@audit/domain/calls/lab-data';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { exportLabIncidents } from './export.js';
import { importReports, previewImport } from './importer.js';
import { changeLabIncidentStatus, getLabIncident, labIncidentHistory } from './incidents.js';
import { labResultCodeOptions } from './codes.js';
import { labPlaces } from './places.js';
import { searchLabIncidents, searchReports } from './search.js';
import * as service from './service.js';

const auth = requireAuth;

/** Laboratory reports with their results (decision 0044). */
export async function labReportsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['lab-data'];
  const read = requires('LAB_DATA_VIEW');
  const write = requires('LAB_DATA_WRITE');
  route(app, labReportCalls.search, {
    config: read,
    tags,
    summary:
      'Paged search of lab reports: category, number, resultCode, qualified, client, establishment, area, extractionDate (day or month range); within labDataAccess',
    handler: async (req, reply) => sendPage(reply, await searchReports(ctx, auth(req), req.body)),
  });
  route(app, labReportCalls.create, {
    config: write,
    tags,
    summary: 'Create a report with its results; each result outside its limits raises a lab incident (DRAFT); 420 for a number the establishment has',
    handler: (req) => service.createReport(ctx, auth(req), req.body),
  });
  route(app, labReportCalls.importPreview, {
    config: write,
    tags,
    summary: "Read a laboratory's CSV for an establishment: the reports it would create and every row's errors; nothing is saved",
    handler: (req) => previewImport(ctx, auth(req), req.body),
  });
  route(app, labReportCalls.import, {
    config: write,
    tags,
    summary: 'Import the CSV: every report in one transaction, or nothing (LAB0002 naming the broken rows)',
    handler: (req) => importReports(ctx, auth(req), req.body),
  });
  route(app, labReportCalls.places, {
    config: read,
    tags,
    summary: 'The establishments of the scope with their areas (measuring points), for the report form and the import',
    handler: (req) => labPlaces(ctx, auth(req)),
  });
  route(app, labReportCalls.resultCodes, {
    config: read,
    tags,
    summary: 'The result codes the caller sees with their organisms (the nomenclature /lab-result-codes), for the forms and filters',
    handler: (req) => labResultCodeOptions(ctx, auth(req)),
  });
  route(app, labReportCalls.get, {
    config: read,
    tags,
    summary: 'One report with its results, certificate and open incidents',
    handler: (req) => service.getReport(ctx, auth(req), req.params.id),
  });
  route(app, labReportCalls.update, {
    config: write,
    tags,
    summary: 'Edit a report; results, when sent, replace the old ones (new failing results raise incidents)',
    handler: (req) => service.updateReport(ctx, auth(req), req.params.id, req.body),
  });
  route(app, labReportCalls.remove, {
    config: write,
    tags,
    summary: 'Delete a report with its results and incidents',
    handler: (req) => service.deleteReport(ctx, auth(req), req.params.id),
  });
}

/** The lab incidents list (`/incidents/list/lab-data`) and their machine. */
export async function labIncidentsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const tags = ['lab-data'];
  route(app, labIncidentCalls.search, {
    config: requires('LAB_DATA_ISSUES_VIEW'),
    tags,
    summary: 'Paged search of lab incidents: status (DRAFT, RUNNING, SOLVED; uppercase), category, report, client, establishment, parameter',
    handler: async (req, reply) => sendPage(reply, await searchLabIncidents(ctx, auth(req), req.body)),
  });
  route(app, labIncidentCalls.get, {
    config: requires('LAB_DATA_ISSUES_VIEW'),
    tags,
    summary: 'One lab incident (its detail): 404 out of scope, 452 outside labDataAccess',
    handler: (req) => getLabIncident(ctx, auth(req), req.params.id),
  });
  route(app, labIncidentCalls.history, {
    config: requires('LAB_DATA_ISSUES_VIEW'),
    tags,
    summary: 'Every change of the lab incident, newest first (who, when): created, statusChanged (decision 0058)',
    handler: (req) => labIncidentHistory(ctx, auth(req), req.params.id),
  });
  route(app, labIncidentCalls.exportExcel, {
    config: requires('LAB_DATA_ISSUES_VIEW'),
    tags,
    summary: 'The filtered lab incidents list (the search body) as an Excel file, streamed, in the user’s language (832 when empty)',
    handler: async (req, reply) => {
      const { stream, fileName } = await exportLabIncidents(ctx, auth(req), req.body);
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(stream);
    },
  });
  route(app, labIncidentCalls.status, {
    config: requires('LAB_DATA_ISSUES_WRITE'),
    tags,
    summary: 'A move along the lab incident machine: DRAFT → RUNNING → SOLVED, RUNNING → DRAFT, SOLVED → RUNNING (LAB0001 otherwise)',
    handler: (req) => changeLabIncidentStatus(ctx, auth(req), req.params.id, req.body.status),
  });
}
