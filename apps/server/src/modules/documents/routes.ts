import type { FastifyInstance } from 'fastify';
import { documentCalls as calls } from '@audit/domain/documents/calls';
import { requireAuth, requires } from '../../platform/auth.js';
import { sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { searchDocuments, searchFolders } from './search.js';
import * as service from './service.js';
import { readDocumentUpload } from './upload.js';

const auth = requireAuth;
const tags = ['documents'];
/** GOOGLE_DRIVE_VIEW opens the documents (the catalogue's permission for /documentation). */
const access = requires('GOOGLE_DRIVE_VIEW');
/** Types a browser shows in place (the preview); every other one is downloaded. */
const INLINE = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain)/;

const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** /ms-core/api/documents: folders, documents, versions, shares (decision 0088). */
export async function documentRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, calls.folders, {
    config: access,
    tags,
    summary: 'Paged folders (filter space: the client or an establishment; search on the name)',
    handler: async (req, reply) => sendPage(reply, await searchFolders(ctx, auth(req), req.body)),
  });
  route(app, calls.createFolder, {
    config: access,
    tags,
    summary: 'A named folder of a client or establishment (420 when the space has one of that name)',
    handler: (req) => service.createFolder(ctx, auth(req), req.body),
  });
  route(app, calls.updateFolder, {
    config: access,
    tags,
    summary: 'Rename a folder',
    handler: (req) => service.renameFolder(ctx, auth(req), req.params.id, req.body),
  });
  route(app, calls.removeFolder, {
    config: access,
    tags,
    summary: 'Delete an empty folder (400 on documents otherwise)',
    handler: (req) => service.removeFolder(ctx, auth(req), req.params.id),
  });
  route(app, calls.search, {
    config: access,
    tags,
    summary: 'Paged documents: filters folder, space, state (expired, expiring, valid, none), sharedWith; search on the name',
    handler: async (req, reply) => sendPage(reply, await searchDocuments(ctx, auth(req), req.body)),
  });
  route(app, calls.upload, {
    config: access,
    tags,
    summary:
      'Upload (multipart `file`, fields folder or document, name, effectiveDate, expiryDate): a new document or a new version; at most 50 MB (FIL0002, refused from Content-Length before reading), type by content (FIL0004)',
    schema: { consumes: ['multipart/form-data'] },
    handler: async (req, reply) => {
      const caller = auth(req);
      // A refused upload closes the connection: otherwise Node reads the rest of the body to keep it.
      const upload = await readDocumentUpload(req).catch((error: unknown) => {
        reply.header('connection', 'close');
        throw error;
      });
      try {
        return await service.uploadDocument(ctx, caller, upload);
      } finally {
        await upload.discard();
      }
    },
  });
  route(app, calls.get, {
    config: access,
    tags,
    summary: 'A document with its versions and shares',
    handler: (req) => service.getDocument(ctx, auth(req), req.params.id),
  });
  route(app, calls.update, {
    config: access,
    tags,
    summary: 'Rename a document or change its current version’s effective and expiry dates',
    handler: (req) => service.updateDocument(ctx, auth(req), req.params.id, req.body),
  });
  route(app, calls.remove, {
    config: access,
    tags,
    summary: 'Delete a document with every version',
    handler: (req) => service.removeDocument(ctx, auth(req), req.params.id),
  });
  route(app, calls.content, {
    config: access,
    tags,
    summary: 'A version’s bytes: inline for PDF and images (the preview), as an attachment with ?download=1',
    handler: async (req, reply) => {
      const file = await service.versionContent(ctx, auth(req), req.params.id, req.params.versionId);
      const inline = req.query.download !== '1' && INLINE.test(file.contentType);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', disposition(inline ? 'inline' : 'attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(file.stream);
    },
  });
  route(app, calls.people, {
    config: access,
    tags,
    summary: 'Users the document may be shared with (active users of the caller’s scope who see it)',
    handler: (req) => service.documentPeople(ctx, auth(req), req.params.id),
  });
  route(app, calls.share, {
    config: access,
    tags,
    summary: 'Share with exactly these users; each new one gets SHARE_FILE in the bell and an e-mail',
    handler: (req) => service.shareDocument(ctx, auth(req), req.params.id, req.body),
  });
}
