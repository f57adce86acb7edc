import { z } from '../zod.js';
import { ZAudit } from '../audits.js';
import { ZPdfAnswer, ZPublicReportQuery } from '../reports.js';
import { defineCall } from './define.js';
import { PUBLIC_REPORT_PATH, REPORTS_BASE as BASE, REPORT_PATH } from './paths.js';

const ZIdParams = z.object({ id: z.string().uuid() });

/** The audit report (JSON), its public link and its PDF. */
export const reportCalls = {
  get: defineCall({ name: 'reports.get', method: 'GET', path: REPORT_PATH, params: ZIdParams, response: ZAudit, errors: ['notFound'] }),
  public: defineCall({
    name: 'reports.public',
    method: 'GET',
    path: PUBLIC_REPORT_PATH,
    params: ZIdParams,
    query: ZPublicReportQuery,
    response: ZAudit,
    errors: ['notFound'],
  }),
  requestPdf: defineCall({
    name: 'reports.requestPdf',
    method: 'POST',
    path: `${BASE}/:id/pdf`,
    params: ZIdParams,
    response: ZPdfAnswer,
    errors: ['notFound'],
  }),
  pdf: defineCall({ name: 'reports.pdf', method: 'GET', path: `${BASE}/:id/pdf`, params: ZIdParams, file: true, errors: ['notFound'] }),
};
