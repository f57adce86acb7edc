import { NO_ACCESS } from '../../platform/identity.js';
import type { TAudit } from '@audit/domain/audits';
import { can, type TAuth } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { unsafeUnscoped, withScope } from '../../platform/tenancy.js';
import { auditView, readAudit, withPeopleNames } from '../audits/read.js';
import * as pdfState from '../audits/report-state.js';
import { getReport } from './service.js';

/**
 * The public report link (docs/decisions/0008-public-report-and-pdf.md): anyone holding the link
 * reads a finished audit whose sharing is on; anything else is 404, the same answer as an unknown
 * id, so a link says nothing about an audit that is not shared.
 */

/** What leaves through the public link: no e-mail of the people, no address that needs a session. */
function toPublic(audit: TAudit): TAudit {
  const person = (ref: TAudit['auditor']) => (ref ? { _id: ref._id, name: ref.name } : null);
  return { ...audit, auditor: person(audit.auditor), owner: person(audit.owner), pdf: { ready: false, url: null } };
}

export async function getPublicReport(ctx: TModuleContext, viewer: TAuth | undefined, id: string, isPreview: boolean): Promise<TAudit> {
  // Preview: a signed-in user who may read the audit in their own space sees what the link will
  // show, before sharing it. This reads in the viewer's scope, so it opens nothing new.
  if (isPreview && viewer && can(viewer, ['AUDIT:READ'])) {
    const own = await getReport(ctx, viewer, id).catch((error: unknown) => {
      if (error instanceof AppError && error.errorName === 'NOTFOUND') return null;
      throw error;
    });
    if (own) return toPublic(own);
  }
  // The one unscoped read: the space of a finished, shared audit (two columns, by id). The hole is
  // exactly "where does this shared audit live"; the audit itself is then read under RLS, scoped
  // to that space, like any tenant request of that space.
  const target = await unsafeUnscoped(ctx.db, (tx) => pdfState.unsafeFindSharedAudit(tx, id));
  if (!target) throw notFound();
  const scope = { spaceId: target.spaceId, spacePath: target.secureSpacePath, userId: null };
  const reader: TAuth = { ...scope, userId: '', permissions: [], roles: [], access: NO_ACCESS, isAdmin: false, isAuditor: false, language: 'es' };
  const audit = await withScope(ctx.db, scope, (tx) => readAudit(tx, reader, id, auditView(ctx)));
  // Sharing may have been turned off (or the audit reopened) between the two reads.
  if (audit.status !== 'finished' || !audit.share.enabled) throw notFound();
  const named = { ...audit, client: { ...audit.client, name: audit.client.name || (target.clientName ?? '') } };
  return toPublic((await withPeopleNames(ctx, [named]))[0]!);
}
