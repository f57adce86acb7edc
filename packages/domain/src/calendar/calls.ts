import { CORE, defineCall } from '../calls/define.js';
import { ZFeedLink, ZFeedParams, ZVisits, ZVisitsQuery } from './schemas.js';

const CALENDAR = `${CORE}/calendar`;

/**
 * The visits calendar (decision 0087): the calls document defines none; these follow the rest of
 * the API. A visit moves through the audits' own date call (audits.setDate).
 */
export const calendarCalls = {
  /** The visits (audits planned and done) whose days meet the range, in the caller's scope. */
  visits: defineCall({ name: 'calendar.visits', method: 'GET', path: `${CALENDAR}/visits`, query: ZVisitsQuery, response: ZVisits }),
  /** Whether the caller has a calendar link (never its token: it is stored hashed). */
  feedLink: defineCall({ name: 'calendar.feedLink', method: 'GET', path: `${CALENDAR}/feed-link`, response: ZFeedLink }),
  /** Makes the caller's calendar link, or a new one replacing it (the old one stops working). */
  rotateFeedLink: defineCall({ name: 'calendar.rotateFeedLink', method: 'POST', path: `${CALENDAR}/feed-link`, response: ZFeedLink }),
  /** Revokes the caller's calendar link. */
  revokeFeedLink: defineCall({ name: 'calendar.revokeFeedLink', method: 'DELETE', path: `${CALENDAR}/feed-link`, response: ZFeedLink }),
  /** The public iCalendar feed (RFC 5545) of the link's owner: no session; 404 for a revoked or unknown token. */
  feed: defineCall({ name: 'calendar.feed', method: 'GET', path: `${CALENDAR}/feed/:token.ics`, params: ZFeedParams, file: true, errors: ['notFound'] }),
};
