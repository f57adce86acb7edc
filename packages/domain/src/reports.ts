import { z } from './zod.js';

/**
 * Reports: the request and response schemas of /ms-core/api/reports besides the audit itself
 * (ZAudit, audits.ts), shared by the server's routes and the web (whose types are inferred from them).
 */
export const ZPublicReportQuery = z.object({ isPreview: z.enum(['true', 'false']).optional() });

/** POST /audit/{id}/pdf: the current PDF's address, or that the job was queued (a notification follows). */
export const ZPdfAnswer = z.union([z.object({ pdfUrl: z.string() }), z.object({ pdfSendToGenerate: z.literal(true) })]);
export type TPdfAnswer = z.infer<typeof ZPdfAnswer>;
