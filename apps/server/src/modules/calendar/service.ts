import { createHash, randomBytes } from 'node:crypto';
import { addDays, DEFAULT_TIME_ZONE, todayInZone, type TDay } from '@audit/domain/dates';
import type { TFeedLink, TVisitsQuery } from '@audit/domain/calendar/schemas';
import { CALENDAR_MAX_DAYS } from '@audit/domain/calendar/schemas';
import { callerOf, type TAuth } from '../../platform/auth.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { createIdentityLoader } from '../../platform/identity.js';
import { unsafeUnscoped, withScope } from '../../platform/tenancy.js';
import * as audits from '../audits/visits.js';
import { feedCalendar } from './feed.js';
import * as repo from './repo.js';

/** The visits calendar (decision 0087): the visits of a range, and the private iCalendar link. */

const dayCount = (from: TDay, to: TDay) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The visits meeting [from, to] (at most CALENDAR_MAX_DAYS days; `to` before `from` is 400). */
export async function visits(ctx: TModuleContext, caller: TAuth, query: TVisitsQuery) {
  const { from, to, ...filters } = query;
  if (to < from) throw invalidData(['to']);
  if (dayCount(from, to) > CALENDAR_MAX_DAYS) throw invalidData(['to']);
  const read = await audits.visitsBetween(ctx, caller, { from, to }, filters);
  return { items: read.items.map(presentVisit), windows: read.windows };
}

const presentVisit = (v: audits.TVisitOut) => ({
  _id: v.id,
  status: v.status as 'draft' | 'accepted' | 'running' | 'finished',
  from: v.from,
  to: v.to,
  startDate: v.startDate,
  client: { _id: v.clientId, name: v.clientName ?? '' },
  establishment: { _id: v.establishmentId, name: v.establishmentName ?? '' },
  service: { _id: v.serviceId, name: v.serviceName ?? '' },
  auditor: v.auditorId ? { _id: v.auditorId, name: v.auditorName ?? '' } : null,
  templateName: v.templateName,
  canMove: v.canMove,
});

// ---- the private iCalendar link

/** 32 random bytes, URL-safe: what the link carries. Only its SHA-256 is stored. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const host = (ctx: TModuleContext) => (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
const none: TFeedLink = { active: false, url: null, createdAt: null };

export async function feedLink(ctx: TModuleContext, caller: TAuth): Promise<TFeedLink> {
  const row = await scoped(ctx, caller, (tx) => repo.findLink(tx, caller.userId, caller.spaceId));
  return row ? { active: true, url: null, createdAt: row.createdAt.toISOString() } : none;
}

/** A new token replaces the old one: the old link answers 404 from now on. */
export async function rotateFeedLink(ctx: TModuleContext, caller: TAuth): Promise<TFeedLink> {
  const token = randomBytes(32).toString('base64url');
  const row = await scoped(ctx, caller, (tx) =>
    repo.upsertLink(tx, { userId: caller.userId, spaceId: caller.spaceId, secureSpacePath: caller.spacePath, tokenHash: hashOf(token) }),
  );
  return { active: true, url: `${host(ctx)}/ms-core/api/calendar/feed/${token}.ics`, createdAt: row.createdAt.toISOString() };
}

export async function revokeFeedLink(ctx: TModuleContext, caller: TAuth): Promise<TFeedLink> {
  await scoped(ctx, caller, (tx) => repo.deleteLink(tx, caller.userId, caller.spaceId));
  return none;
}

/** What the feed lists: from 3 months ago to 12 months ahead (in the company's default zone). */
export const FEED_BACK_DAYS = 92;
export const FEED_AHEAD_DAYS = 366;

/**
 * The public feed: the token's owner, as they are now (active, still a member of the link's space,
 * not locked: otherwise 404), reads their own visits in that space, as the calendar would show them.
 */
export async function feed(ctx: TModuleContext, token: string): Promise<string> {
  if (!TOKEN.test(token)) throw notFound();
  const link = await unsafeUnscoped(ctx.db, (tx) => repo.unsafeFindByHash(tx, hashOf(token)));
  if (!link) throw notFound();
  const identity = await createIdentityLoader(ctx.db).load(link.userId, link.secureSpacePath);
  const owner = callerOf(identity, { userId: link.userId, spaceId: link.spaceId, spacePath: link.secureSpacePath });
  if (!owner) throw notFound();
  if (!owner.isAdmin && !owner.permissions.includes('AUDIT:READ')) throw notFound();
  const today = todayInZone(DEFAULT_TIME_ZONE);
  const read = await audits.readVisits(
    ctx,
    owner,
    { from: addDays(today, -FEED_BACK_DAYS), to: addDays(today, FEED_AHEAD_DAYS) },
    { auditor: owner.userId },
    (work) => withScope(ctx.db, owner, work),
  );
  return feedCalendar(read.items.map(presentVisit), owner.language === 'en' ? 'en' : 'es');
}
