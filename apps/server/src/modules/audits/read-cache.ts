import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAuth } from '../../platform/auth.js';
import { createBodyCache, sendEncodedBody, type TBodyCache } from '../../platform/body-cache.js';
import { notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { auditCan, seesAudit } from './policy.js';
import { withPeopleNames } from './read.js';
import { ZAuditOut } from './schemas.js';
import { getAudit } from './service.js';

/**
 * GET /audits/{id} from a kept body when nothing it shows has changed (decision 0034). The run view
 * reloads its audit after each change and other people follow it; the whole read (seven queries,
 * ~1,000 rows, the figures, the response-schema encode, 365 KB of JSON, brotli) is made once per
 * version, and every other request costs the caller's access check and a version:
 * - from the audit row, read under the caller's scope (a hidden audit is a 404 as before, and so is an
 *   unfinished one to a client's user: seesAudit, decision 0061): its status,
 *   auditor and owner, the names it points at, and its version (xmin: any update writes a new one);
 * - in the same statement, the tree's signature (audit_tree_signature: any row inserted, changed or
 *   deleted changes it) and the establishment's time zone (SQL function audit_read_version, 0043);
 * - the hour of the signed photo links (files/signing.ts);
 * - per caller: what they may do (`can`) and the people's names they are shown.
 * A body made on a miss went through ZAuditOut like any answer: the allow-list still applies.
 */
const HOUR_MS = 3600_000;
/** A row of audit_read_version (migration 0043). */
interface TReadVersion extends Record<string, unknown> {
  status: string;
  auditor_id: string | null;
  owner_id: string | null;
  row_version: string;
  client_name: string | null;
  establishment_name: string | null;
  service_name: string | null;
  is_pool_service: boolean | null;
  area_access_name: string | null;
  auditor_name: string | null;
  owner_name: string | null;
  tree_signature: string;
  time_zone: string;
}
const caches = new WeakMap<object, TBodyCache>();
/** One cache per app (its configuration signs the photo links and names the share host). */
const cacheOf = (ctx: TModuleContext) => {
  let cache = caches.get(ctx.config);
  if (!cache) caches.set(ctx.config, (cache = createBodyCache()));
  return cache;
};
const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url');

export async function sendAudit(ctx: TModuleContext, caller: TAuth, id: string, request: FastifyRequest, reply: FastifyReply) {
  // One short statement whose plans the database keeps (decision 0060, migration 0043).
  const found = await scoped(ctx, caller, async (tx) => {
    const { rows } = await tx.execute<TReadVersion>(sql`select * from audit_read_version(${id}, ${caller.spacePath})`);
    return rows[0];
  });
  // A client's user does not see an unfinished audit (decision 0061): the same 404, before any kept body.
  if (!found || !seesAudit(caller, found)) throw notFound();
  const { status, auditor_id: auditorId, owner_id: ownerId, row_version, tree_signature, time_zone, ...names } = found;
  // The names a client's user is shown come from an unscoped read (withPeopleNames), as the full read does.
  const [people] = await withPeopleNames(ctx, [
    {
      auditor: auditorId ? { _id: auditorId, name: names.auditor_name ?? '' } : null,
      owner: ownerId ? { _id: ownerId, name: names.owner_name ?? '' } : null,
    },
  ]);
  const cache = cacheOf(ctx);
  const key = `${id}:${hash([auditCan(caller, { status, auditorId }), names, people])}`;
  const version = hash([row_version, tree_signature, time_zone, Math.floor(Date.now() / HOUR_MS)]);
  const entry = await cache.get(key, version, async () => JSON.stringify(ZAuditOut.encode(await getAudit(ctx, caller, id))));
  return sendEncodedBody(request, reply, cache, key, entry);
}
