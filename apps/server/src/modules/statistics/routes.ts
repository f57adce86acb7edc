import type { FastifyInstance, FastifyReply } from 'fastify';
import { statisticsCalls as calls } from '@audit/domain/statistics/calls';
import type { TStatisticsFilter } from '@audit/domain/statistics/schemas';
import { requireAuth, type TAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { attachment, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { statisticsWorkbook } from './excel.js';
import { labelsFor } from './labels.js';
import { categorizationPdf } from './pdf.js';
import { digestRoutes } from './digest-routes.js';
import * as service from './service.js';
import { isEmpty } from './sheets.js';

const config = { access: { permissions: ['ANALYTICS:READ' as const] }, identityNeutral: true };
type TFigures = (ctx: TModuleContext, caller: TAuth, f: TStatisticsFilter) => Promise<unknown>;

const tags = ['statistics'];

/** The calls that answer figures of the filter body: one route each, the service's function as handler. */
function registerFigures(app: FastifyInstance, ctx: TModuleContext, figures: [keyof typeof calls, string, TFigures][]) {
  for (const [name, summary, work] of figures) {
    route(app, calls[name] as typeof calls.benchmark, { config, tags, summary, handler: async (req) => work(ctx, requireAuth(req), req.body) as never });
  }
}

/** The report's data, or 832 when the filter holds no audit and no incident. */
async function reportOf(ctx: TModuleContext, caller: TAuth, f: TStatisticsFilter) {
  const data = await service.reportData(ctx, caller, f);
  if (isEmpty(data)) throw new AppError('noDataInRange');
  return data;
}

const sendFile = (reply: FastifyReply, type: string, fileName: string, body: Buffer) =>
  reply.header('content-type', type).header('content-disposition', attachment(fileName)).send(body);

/** /ms-core/api/audits: the client dashboard's statistics (decision 0078). */
export async function clientStatisticsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  registerFigures(app, ctx, [
    ['issueBenchmark', 'Incidents per establishment by risk (the filter body)', service.issueBenchmark],
    ['chartData', 'Monthly series: audits, average score (%) and incidents', service.chartData],
    ['summary', 'The client dashboard figures: audits, average score, incidents and audits by risk', service.summary],
  ]);
  route(app, calls.excel, {
    config,
    tags,
    summary: 'The statistics as an Excel workbook, a sheet per view, in the user’s language (832 when empty)',
    handler: async (req, reply) => {
      const caller = requireAuth(req);
      const labels = labelsFor(caller.language);
      const book = await statisticsWorkbook(await reportOf(ctx, caller, req.body), labels);
      return sendFile(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', labels.excelFile, book);
    },
  });
  route(app, calls.categorizationPdf, {
    config,
    tags,
    summary: 'The categorization report as a PDF, made at once, in the user’s language (832 when empty)',
    handler: async (req, reply) => {
      const caller = requireAuth(req);
      const labels = labelsFor(caller.language);
      const { from, to } = req.body;
      const range = from || to ? `${from ?? '…'} – ${to ?? '…'}` : labels.all;
      const pdf = await categorizationPdf(await reportOf(ctx, caller, req.body), labels, range);
      return sendFile(reply, 'application/pdf', labels.pdfFile, pdf);
    },
  });
}

/** /ms-statistics/api: register, audit and issue statistics (decision 0078). */
export async function statisticsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  digestRoutes(app, ctx);
  registerFigures(app, ctx, [
    ['byAccessCompletion', 'Register takes due and done per area access', service.byAccessCompletion],
    ['byPeriodCompletion', 'Register takes due and done per month', service.byPeriodCompletion],
    ['byEstablishmentCompletion', 'Register takes due and done per establishment', service.byEstablishmentCompletion],
    ['benchmark', 'Finished audits and average score (%) per establishment', service.benchmark],
    ['bioScore', 'Finished audits and average score (%) per template', service.bioScore],
    ['byType', 'Incidents per type', service.byType],
    ['topFive', 'The five most frequent incidences', service.topFive],
    ['countByRisk', 'Incidents per risk level', service.countByRisk],
    ['correctiveByAge', 'Corrective actions open, overdue and closed, days to close, open ones by age', service.correctiveByAge],
    ['labOutOfLimits', 'Lab results out of their limits, in all and per parameter (within labDataAccess)', service.labOutOfLimits],
    ['repeatFindings', 'Findings that came back: questions failed again, incidences raised again per establishment', service.repeatFindings],
  ]);
}
