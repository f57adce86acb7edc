import { z } from '../zod.js';
import { AUDIT_STATUSES } from '../audits.js';
import { isCalendarDay } from '../dates.js';

/**
 * The visits calendar (decision 0087): a visit is an audit placed on its date range. The calendar
 * reads a range of days (a month, a week), narrowed by client, establishment, auditor and service.
 */

/** The longest range one read may ask for: a month view with the days of the weeks around it. */
export const CALENDAR_MAX_DAYS = 62;

const ZDay = z
  .string()
  .max(10)
  .refine((value) => isCalendarDay(value), 'a calendar day YYYY-MM-DD');
const ZId = z.string().uuid();

/** GET /calendar/visits: the first and last day (YYYY-MM-DD, both included) and the filters. */
export const ZVisitsQuery = z.object({
  from: ZDay,
  to: ZDay,
  client: ZId.optional(),
  establishment: ZId.optional(),
  auditor: ZId.optional(),
  service: ZId.optional(),
});
export type TVisitsQuery = z.infer<typeof ZVisitsQuery>;

const ZRef = z.object({ _id: z.string(), name: z.string() });

/** One visit: the audit's days (stored calendar days), status and what it points at. */
export const ZVisit = z.object({
  _id: z.string(),
  status: z.enum(AUDIT_STATUSES),
  /** First and last day of the visit (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** The audit's start date (a visit may not move before it). */
  startDate: z.string(),
  client: ZRef,
  establishment: ZRef,
  service: ZRef,
  auditor: ZRef.nullable(),
  templateName: z.string(),
  /** Whether the caller may move it (the audit's permission for its date). */
  canMove: z.boolean(),
});
export type TVisit = z.infer<typeof ZVisit>;

export const ZVisitWindow = z.object({
  openMonth: z.number().nullable(),
  closeMonth: z.number().nullable(),
  visitDays: z.array(z.number()).readonly(),
  notVisitDays: z.array(z.number()).readonly(),
});

/** The visits of the range, and the visit window of each establishment they are at (to mark refused days). */
export const ZVisits = z.object({
  items: z.array(ZVisit),
  windows: z.record(z.string(), ZVisitWindow),
});
export type TVisits = z.infer<typeof ZVisits>;

/** The caller's iCalendar link: the URL is shown once, when it is made; afterwards only that it exists. */
export const ZFeedLink = z.object({
  active: z.boolean(),
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type TFeedLink = z.infer<typeof ZFeedLink>;

/** The feed's token: 43 URL-safe characters (32 random bytes). */
export const ZFeedParams = z.object({ token: z.string().max(100) });
