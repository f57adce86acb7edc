import { z } from '../zod.js';
import { ZFileUpload, ZImageUpload, ZSignedQuery } from '../files.js';
import { CORE, defineCall } from './define.js';

const BASE = `${CORE}/files`;
const ZId = z.string().uuid();

/** Uploads (multipart field `file`, sent as FormData) and the signed download of a file's bytes. */
export const fileCalls = {
  image: defineCall({ name: 'files.image', method: 'POST', path: `${BASE}/image`, response: ZImageUpload }),
  upload: defineCall({ name: 'files.upload', method: 'POST', path: `${BASE}/upload`, response: ZFileUpload }),
  content: defineCall({
    name: 'files.content',
    method: 'GET',
    path: `${BASE}/:id/content`,
    params: z.object({ id: ZId }),
    query: ZSignedQuery,
    file: true,
    errors: ['notFound'],
  }),
};
