import type { FastifyInstance } from 'fastify';
import { registerCalls } from '@audit/domain/calls/registers';
import { requireAuth, requires } from '../../platform/auth.js';
import { attachment, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { requestLogPdf } from './downloads.js';
import { logWorkbook } from './excel.js';

const tags = ['registers'];
const read = requires('REGISTER:READ');

/** /ms-registry/api/registers/{id}/pdf and /excel: the log downloads (decision 0037). */
export async function registerDownloadsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, registerCalls.pdf, {
    config: read,
    tags,
    summary:
      'The log as a PDF (vertical or horizontal, language, day take number, annual report): {pdfUrl} when the current one exists, else {pdfSendToGenerate: true} and a SHARE_FILE notification when the job has made it',
    handler: (req) => requestLogPdf(ctx, requireAuth(req), req.params.id, req.body),
  });
  route(app, registerCalls.excel, {
    config: read,
    tags,
    summary: 'The log as an Excel workbook (streamed): a row per facility and take, the marks out of range, late and repeated, who and when',
    handler: async (req, reply) => {
      const q = req.query;
      const book = await logWorkbook(ctx, requireAuth(req), req.params.id, {
        date: q.date,
        annual: q.annual === 'true',
        take: q.take ?? null,
        language: q.language,
        repeatTakes: q.repeatTakes,
      });
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(book.name))
        .header('cache-control', 'private, no-cache')
        .send(book.stream);
    },
  });
}
