import type { FastifyInstance } from 'fastify';
import { fileCalls } from '@audit/domain/calls/files';
import { requireAuth } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { fileStoreOf } from '../../platform/storage.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import * as repo from './repo.js';
import { saveFile, saveImage } from './service.js';
import { verifyFileSignature } from './signing.js';
import { readUpload } from '../../platform/multipart.js';

const tags = ['files'];
const signedIn = { access: { permissions: [] } };
// The upload's answer is stored with its Idempotency-Key in the row's transaction (the offline queue sends photos keyed, decision 0093).
const signedInKeyed = { ...signedIn, idempotency: 'in-transaction' as const };
const multipart = { consumes: ['multipart/form-data'] };
/** Types a browser may show in place; anything else is downloaded, never rendered from our origin. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf']);

const contentDisposition = (inline: boolean, name: string | null) => {
  const fallback = (name ?? 'file').replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name ?? 'file')}`;
};

/** Uploads (a signed-in user, in the caller's space) and signed downloads. */
export async function filesRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, fileCalls.image, {
    config: signedInKeyed,
    tags,
    summary: 'Upload a photo (multipart field `file`): checked by content (FIL0001), upright, at most 800x800, JPEG quality 0.8, metadata removed',
    schema: multipart,
    handler: async (req) => saveImage(ctx, requireAuth(req), await readUpload(req)),
  });
  route(app, fileCalls.upload, {
    config: signedInKeyed,
    tags,
    summary: 'Upload any file (multipart field `file`; FIL0002 above UPLOAD_MAX_MB)',
    schema: multipart,
    handler: async (req) => saveFile(ctx, requireAuth(req), await readUpload(req)),
  });
  route(app, fileCalls.content, {
    config: { access: { public: true } },
    tags,
    summary: "A file's bytes by a signed address (the `url` of an upload or of a report's photo); 404 when the signature is wrong or expired",
    handler: async (req, reply) => {
      const { id } = req.params;
      const remaining = verifyFileSignature(ctx.config, id, Number(req.query.exp), req.query.sig ?? '');
      if (remaining === null) throw notFound();
      // The signature proves the server handed this address to someone allowed to see the file,
      // so the row is found by id alone (no tenant scope on this public route).
      const row = await unsafeUnscoped(ctx.db, (tx) => repo.unsafeFindFileById(tx, id));
      if (!row) throw notFound();
      const etag = `"${row.id}"`;
      reply
        .header('cache-control', `private, max-age=${Math.min(remaining, 86400)}, immutable`)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', contentDisposition(INLINE_TYPES.has(row.contentType), row.originalName));
      // The bytes of an id never change: a cached copy is always right.
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      const bytes = await fileStoreOf(ctx.config).get(row.storageKey);
      if (!bytes) throw notFound();
      return reply.type(row.contentType).send(bytes);
    },
  });
}
