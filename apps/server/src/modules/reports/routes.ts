import type { FastifyInstance } from 'fastify';
import { requireAuth, requires } from '../../platform/auth.js';
import { attachment, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { reportCalls } from '@audit/domain/calls/reports';
import { getPublicReport } from './public.js';
import { requestPdf } from './pdf-request.js';
import { makePdfAhead } from './pdf-ahead.js';
import { encodedPdf } from './pdf-encoded.js';
import { acceptedEncoding } from '../../platform/body-cache.js';
import { downloadPdf, getReport } from './service.js';

const tags = ['reports'];
const read = requires('AUDIT:READ');

/** /ms-core/api/reports: the audit report (JSON), its public link and its PDF. */
export async function reportsRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, reportCalls.get, {
    config: read,
    tags,
    summary: "The audit report (TAudit) in the caller's tenant; a finished audit's first read starts its PDF",
    handler: async (req) => {
      const caller = requireAuth(req);
      const report = await getReport(ctx, caller, req.params.id);
      // So the PDF button finds it made (decision 0119). The read stands even if it cannot start: the
      // button then asks for it as before.
      await makePdfAhead(ctx, caller, report).catch((error: unknown) => req.log.warn({ err: error }, 'the report PDF made ahead could not be queued'));
      return report;
    },
  });
  route(app, reportCalls.public, {
    config: { access: { public: true } },
    tags,
    summary:
      'The public report link: the report of a finished audit whose sharing is on, without e-mails of its people; 404 otherwise. isPreview=true lets a signed-in reader of the audit see it before sharing.',
    handler: (req) => getPublicReport(ctx, req.auth, req.params.id, req.query.isPreview === 'true'),
  });
  route(app, reportCalls.requestPdf, {
    config: read,
    tags,
    summary:
      'The PDF of a finished audit (AUD0002 otherwise): {pdfUrl} when the current one exists, else {pdfSendToGenerate: true} and a notification when the job has made it',
    handler: (req) => requestPdf(ctx, requireAuth(req), req.params.id),
  });
  route(app, reportCalls.pdf, {
    config: read,
    tags,
    summary: "Downloads the current PDF of the audit's report (404 when there is none yet)",
    handler: async (req, reply) => {
      const pdf = await downloadPdf(ctx, requireAuth(req), req.params.id);
      reply
        .type('application/pdf')
        .header('content-disposition', attachment(pdf.name))
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding');
      // Compressed as a whole here (the compression plugin leaves application/pdf alone): decision 0106.
      const encoding = acceptedEncoding(req.headers['accept-encoding']);
      if (!encoding) return reply.send(pdf.bytes);
      return reply.header('content-encoding', encoding).send(await encodedPdf(pdf.fileId, pdf.bytes, encoding));
    },
  });
}
