import { z } from './zod.js';

/**
 * Files: the response schemas of /ms-core/api/files (uploads) and the signed download's query,
 * shared by the server's routes and the web (whose types are inferred from them).
 */
export const ZImageUpload = z.object({ _id: z.string(), url: z.string(), width: z.number(), height: z.number() });
export const ZFileUpload = z.object({ _id: z.string(), url: z.string(), contentType: z.string(), size: z.number() });
export const ZSignedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(200).optional() });

export type TImageUpload = z.infer<typeof ZImageUpload>;
export type TFileUpload = z.infer<typeof ZFileUpload>;
