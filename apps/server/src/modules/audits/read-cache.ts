import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAuth } from '../../platform/auth.js';
import { createBodyCache, sendEncodedBody, type TBodyCache } from '../../platform/body-cache.js';
import { notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { timeZoneColumn } from '../spaces/service.js';
import { auditCan } from './policy.js';
import { withPeopleNames } from './read.js';
import * as repo from './repo.js';
import { ZAuditOut } from './schemas.js';
import { getAudit } from './service.js';
import * as tree from './tree-repo.js';

/**
 * GET /audits/{id} from a kept body when nothing it shows has changed (decision 0034). The run view
 * reloads its audit after each change and other people follow it; the whole read (seven queries,
 * ~1,000 rows, the figures, the response-schema encode, 365 KB of JSON, brotli) is made once per
 * version, and every other request costs the caller's access check and a version:
 * - the audit row with its names, read under the caller's scope (a hidden audit is a 404 as before);
 * - in the same statement, the tree's signature (tree-repo.ts `treeSignatureColumn`: any row inserted,
 *   changed or deleted changes it) and the establishment's time zone;
 * - the hour of the signed photo links (files/signing.ts);
 * - per caller: what they may do (`can`) and the people's names they are shown.
 * A body made on a miss went through ZAuditOut like any answer: the allow-list still applies.
 */
const HOUR_MS = 3600_000;
const caches = new WeakMap<object, TBodyCache>();
/** One cache per app (its configuration signs the photo links and names the share host). */
const cacheOf = (ctx: TModuleContext) => {
  let cache = caches.get(ctx.config);
  if (!cache) caches.set(ctx.config, (cache = createBodyCache()));
  return cache;
};
const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url');

export async function sendAudit(ctx: TModuleContext, caller: TAuth, id: string, request: FastifyRequest, reply: FastifyReply) {
  // One statement (decision 0060): the audit row with its names, the tree's signature and the time zone.
  const found = await scoped(ctx, caller, (tx) =>
    repo.findAuditHeadWith(tx, caller, id, { signature: tree.treeSignatureColumn(), timeZone: timeZoneColumn(sql`"audits"."secure_space_path"`) }),
  );
  if (!found) throw notFound();
  const { signature, timeZone, ...head } = found;
  const { row } = head;
  // The names a client's user is shown come from an unscoped read (withPeopleNames), as the full read does.
  const [people] = await withPeopleNames(ctx, [
    {
      auditor: row.auditorId ? { _id: row.auditorId, name: head.auditorName ?? '' } : null,
      owner: row.ownerId ? { _id: row.ownerId, name: head.ownerName ?? '' } : null,
    },
  ]);
  const { row: _row, ...names } = head;
  const cache = cacheOf(ctx);
  const key = `${id}:${hash([auditCan(caller, row), names, people])}`;
  const version = hash([row, signature, timeZone, Math.floor(Date.now() / HOUR_MS)]);
  const entry = await cache.get(key, version, async () => JSON.stringify(ZAuditOut.encode(await getAudit(ctx, caller, id))));
  return sendEncodedBody(request, reply, cache, key, entry);
}
