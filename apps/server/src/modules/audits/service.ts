import type { TAudit } from '@audit/domain/audits';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { project } from '../../platform/search.js';
import * as users from '../users/service.js';
import { noticeAssignment } from './assignment-notice.js';
import { createAuditIn } from './create.js';
import { liveFigures, presentHead } from './present.js';
import { auditView, loadAuditTree, readAudit, sectionsOf, withPeopleNames, withPeopleNamesIn } from './read.js';
import * as repo from './repo.js';
import * as tree from './tree-repo.js';
import type { TCreateAudit } from './schemas.js';

/** Reads of audits (search, get, preview, check-score) and creation; the running calls live in lifecycle.ts, answers.ts, issues.ts. */

/**
 * Runs `work` scoped, reads the audit it names in the same transaction with the names the scope
 * cannot read: the answer is that transaction's result (a keyed finish stores it with its key, decision 0093).
 */
export const thenRead = (ctx: TModuleContext, caller: TAuth, work: (tx: TDb) => Promise<string>): Promise<TAudit> =>
  scoped(ctx, caller, async (tx) => (await withPeopleNamesIn(tx, [await readAudit(tx, caller, await work(tx), auditView(ctx))]))[0]!);

export async function createAudit(ctx: TModuleContext, caller: TAuth, input: TCreateAudit) {
  const accessServices = await users.ownAccessServices(ctx, caller.userId);
  return thenRead(ctx, caller, async (tx) => {
    const audit = await createAuditIn(tx, caller, input, accessServices);
    await noticeAssignment(tx, caller, audit, auditView(ctx).auditUrl);
    return audit.id;
  });
}

export const getAudit = (ctx: TModuleContext, caller: TAuth, id: string) => thenRead(ctx, caller, async () => id);

/** List rows carry the stored figures (set when an audit finishes); GET computes a running audit's live. */
export async function searchAudits(ctx: TModuleContext, caller: TAuth, body: TSearchBody) {
  const view = auditView(ctx);
  const page = await scoped(ctx, caller, (tx) => repo.searchAudits(tx, caller, body, ctx.totals));
  const items = await withPeopleNames(
    ctx,
    page.items.map((head) => presentHead(head, view, caller)),
  );
  return { items: project(items, body.projections), total: page.total };
}

export async function getPreview(ctx: TModuleContext, caller: TAuth, id: string) {
  const view = auditView(ctx);
  const found = await scoped(ctx, caller, async (tx) => {
    const head = await repo.findAuditHead(tx, caller, id);
    return head && { head, sections: await tree.listSections(tx, id) };
  });
  if (!found) throw notFound();
  const [item] = await withPeopleNames(ctx, [presentHead(found.head, view, caller)]);
  return { ...item!, sections: found.sections.map((s) => ({ _id: s.id, title: s.title, type: s.type })) };
}

/** POST /check-score: what GET computes (a finished audit: what it stored), without the tree. */
export async function checkScore(ctx: TModuleContext, caller: TAuth, id: string) {
  const view = auditView(ctx);
  return scoped(ctx, caller, async (tx) => {
    const { head, rows } = await loadAuditTree(tx, caller, id);
    const sections = sectionsOf(rows, view);
    const live = liveFigures(head.row, sections, rows);
    const item = head.row.status === 'finished' ? presentHead(head, view, caller) : presentHead(head, view, caller, live);
    const { totalScore, finalScore, deductions, percentage, recalculatedRisk } = item;
    const counts = {
      totalIssuesCount: item.totalIssuesCount,
      totalIssuesResolved: item.totalIssuesResolved,
      highRiskIssuesCount: item.highRiskIssuesCount,
      ieIssuesCount: item.ieIssuesCount,
      mediumIssuesCount: item.mediumIssuesCount,
      lowIssuesCount: item.lowIssuesCount,
      infraIssuesCount: item.infraIssuesCount,
    };
    return { sections: live.score.sections, totalScore, finalScore, deductions, percentage, ...counts, recalculatedRisk };
  });
}
