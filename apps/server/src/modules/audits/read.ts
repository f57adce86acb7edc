import type { TAudit, TAuditListItem } from '@audit/domain/audits';
import type { TAuth } from '../../platform/auth.js';
import type { TDb, TTransaction } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { TModuleContext } from '../../platform/http.js';
import { timeZoneOfPath } from '../spaces/service.js';
import { unsafeUserNames, unsafeUserNamesIn } from '../users/service.js';
import { signedFileUrl } from '../files/signing.js';
import { presentAudit, presentSections, type TAuditView } from './present.js';
import * as repo from './repo.js';
import * as tree from './tree-repo.js';
import { rememberQuestion } from './answer-fast.js';

/** How audits address their share link and their photos, from the app's configuration. */
export function auditView(ctx: Pick<TModuleContext, 'config'>): TAuditView {
  const host = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
  return {
    shareUrl: (id, language) => `${host}/share-audit-report/${id}?lang=${encodeURIComponent(language)}`,
    fileUrl: (fileId) => signedFileUrl(ctx.config, fileId),
    auditUrl: (id) => `${host}/auditor/audits?audit=${id}`,
  };
}

/** The audit row (with names) and every row of its tree: one query per table, in the caller's transaction. */
export async function loadAuditTree(tx: TDb, caller: TAuth, id: string) {
  const head = await repo.findAuditHead(tx, caller, id);
  if (!head) throw notFound();
  return { head, rows: await tree.loadTree(tx, id) };
}

/**
 * GET /audits/{id}: the whole audit as TAudit. Exported for the reports module, which calls it in
 * its own transaction (scoped, or unscoped for the public link) and then `withPeopleNames`.
 */
export async function readAudit(tx: TDb, caller: TAuth, id: string, view: TAuditView): Promise<TAudit> {
  const { head, rows } = await loadAuditTree(tx, caller, id);
  // The run view reads the audit before answering it: its answers can take the one-statement path.
  if (head.row.status !== 'finished') for (const q of rows.questions) rememberQuestion(q.id, q);
  // Its days (finished date, the PDF's dates) are counted in the establishment's zone (decision 0015).
  return { ...presentAudit(head, rows, view, caller), timeZone: await timeZoneOfPath(tx, head.row.secureSpacePath) };
}

/** The sections of a loaded audit, as the domain rules (finishing, scores) take them. */
export const sectionsOf = (rows: tree.TTreeRows, view: TAuditView) => presentSections(rows, view);

/**
 * A client's user cannot read the company's users, so the auditor's and creator's names come back
 * empty from the scoped read: fill them from an unscoped read of those two names only. Runs after
 * the scoped transaction (never inside one: PGlite is one session).
 */
export const withPeopleNames = <T extends TNamed>(ctx: TModuleContext, items: T[]) => fillNames(items, (ids) => unsafeUserNames(ctx, ids));

/** The same, inside the caller's transaction: for a write whose response is stored with its Idempotency-Key there (decision 0093). */
export const withPeopleNamesIn = <T extends TNamed>(tx: TTransaction, items: T[]) => fillNames(items, (ids) => unsafeUserNamesIn(tx, ids));

type TNamed = Pick<TAuditListItem, 'auditor' | 'owner'>;

async function fillNames<T extends TNamed>(items: T[], namesOf: (ids: string[]) => Promise<Map<string, string>>): Promise<T[]> {
  const missing = items.flatMap((i) => [i.auditor, i.owner]).filter((ref): ref is { _id: string; name: string } => Boolean(ref && !ref.name));
  if (!missing.length) return items;
  const names = await namesOf(missing.map((r) => r._id));
  for (const ref of missing) ref.name = names.get(ref._id) ?? '';
  return items;
}
