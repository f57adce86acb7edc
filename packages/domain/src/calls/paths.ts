import { CORE } from './define.js';

/**
 * Paths of calls that index.html's entry asks for before the app's code has arrived (a report's
 * users/me and report, decision 0110): written once here, where the calls (users.ts, reports.ts)
 * take them from, in a module that loads no schema (define.ts imports types only), so the entry can
 * import them without zod and the calls' modules.
 */
export const USERS_BASE = `${CORE}/users`;
export const REPORTS_BASE = `${CORE}/reports/audit`;
export const AUDITS_BASE = `${CORE}/audits`;
export const AUDIT_PATH = `${AUDITS_BASE}/:id`;
export const ME_PATH = `${USERS_BASE}/me`;
export const REPORT_PATH = `${REPORTS_BASE}/:id`;
export const PUBLIC_REPORT_PATH = `${REPORTS_BASE}/:id/public`;
