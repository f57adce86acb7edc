import type { FastifyInstance } from 'fastify';
import { calendarCalls as calls } from '@audit/domain/calendar/calls';
import { requireAuth, requires } from '../../platform/auth.js';
import type { TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import * as service from './service.js';

const auth = requireAuth;
const tags = ['calendar'];

/** /ms-core/api/calendar: the visits calendar and its private iCalendar link (decision 0087). */
export async function calendarRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const read = requires('AUDIT:READ');
  route(app, calls.visits, {
    config: read,
    tags,
    summary:
      'The visits (audits planned and done) whose days meet from..to (at most 62 days), by client, establishment, auditor, service; with each establishment’s visit window',
    handler: (req) => service.visits(ctx, auth(req), req.query),
  });
  route(app, calls.feedLink, {
    config: read,
    tags,
    summary: 'Whether the caller has a calendar link in this space (its token is never shown again)',
    handler: (req) => service.feedLink(ctx, auth(req)),
  });
  route(app, calls.rotateFeedLink, {
    config: { ...read, identityNeutral: true },
    tags,
    summary: 'A new private calendar link (the URL, shown once); the previous link stops working',
    handler: (req) => service.rotateFeedLink(ctx, auth(req)),
  });
  route(app, calls.revokeFeedLink, {
    config: { ...read, identityNeutral: true },
    tags,
    summary: 'Revoke the caller’s calendar link: it answers 404 from now on',
    handler: (req) => service.revokeFeedLink(ctx, auth(req)),
  });
  route(app, calls.feed, {
    config: { access: { public: true } },
    tags,
    summary: 'The link owner’s visits as iCalendar (RFC 5545), from 3 months ago to 12 months ahead; no session; 404 for a revoked or unknown token',
    handler: async (req, reply) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="visits.ics"')
        .send(await service.feed(ctx, req.params.token)),
  });
}
