import { AUDIT_PATH, ME_PATH, PUBLIC_REPORT_PATH, REPORT_PATH } from '@audit/domain/calls/paths';
import { startEarly, storedToken } from '../api/early';

/**
 * Run by index.html's entry (boot.ts) when the page opens, before the app's code has arrived
 * (decision 0110; the run view too, decision 0114). A report's first screen waits on its answers (users/me for the shell, the
 * report) and on its code (antd's App, the shell, the page), which the router would ask for only
 * once the first 280 KB of code have arrived and run: on slow 4G, 2.5 s after this. They start now,
 * beside that code. Only a head start: the router and the queries ask for the same modules and
 * addresses later and find them here (api/early.ts); any other page loads as before.
 *
 * Like api/early.ts it imports nothing the app imports but the calls' paths (packages/domain's
 * calls/paths.ts, which loads nothing else), lest the entry wait for the app's chunks.
 */

/** The paths of userCalls.me, auditCalls.get, reportCalls.get and reportCalls.public, from the module they take them from (no schema in it). */
export const EARLY_PATHS = { me: ME_PATH, audit: AUDIT_PATH, report: REPORT_PATH, publicReport: PUBLIC_REPORT_PATH } as const;

const SIGNED_IN_REPORT = /^\/(?:auditor|client-audits)\/audits\/report\/([^/]+)\/?$/i;
const RUN_VIEW = /^\/auditor\/audits\/run\/([^/]+)\/?$/i;
const SHARED_REPORT = /^\/share-audit-report\/([^/]+)\/?$/i;

/** A path parameter as the router reads it (decoded), put back as callPath puts it (encoded). */
function withId(path: string, raw: string) {
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // Left as it is: the router will not match it either.
  }
  return path.replace(':id', encodeURIComponent(id));
}
const ignore = () => undefined;

export function startPage(pathname: string) {
  const own = SIGNED_IN_REPORT.exec(pathname);
  if (own && storedToken()) {
    startEarly(EARLY_PATHS.me);
    startEarly(withId(EARLY_PATHS.report, own[1]!));
    // What the router loads for it (router.tsx: antd's App, the shell and its offline kinds, the page).
    void import('./WithFeedback').catch(ignore);
    void import('./shell/SignedIn').catch(ignore);
    void import('./features').then((m) => m.loadOfflineKinds(), ignore);
    void import('../features/audit-report/AuditReportPage').catch(ignore);
    return;
  }
  // The run view on a first visit (issue 28): its audit and code leave with the app's first files,
  // not 2.5 s later once those have run. A visit with this device's copy shows the copy first as
  // before (deviceFirst.ts), and the server's answer that follows it is this one.
  const run = RUN_VIEW.exec(pathname);
  if (run && storedToken()) {
    startEarly(EARLY_PATHS.me);
    startEarly(withId(EARLY_PATHS.audit, run[1]!));
    void import('./WithFeedback').catch(ignore);
    void import('./shell/SignedIn').catch(ignore);
    void import('./features').then((m) => m.loadOfflineKinds(), ignore);
    void import('../features/audit-run/AuditRunPage').catch(ignore);
    return;
  }
  const shared = SHARED_REPORT.exec(pathname);
  if (shared) {
    // As usePublicReport asks for it (reportApi.ts): anonymous, not a preview.
    startEarly(`${withId(EARLY_PATHS.publicReport, shared[1]!)}?isPreview=false`, true);
    void import('./WithFeedback').catch(ignore);
    void import('../features/audit-report/PublicAuditReportPage').catch(ignore);
  }
}
