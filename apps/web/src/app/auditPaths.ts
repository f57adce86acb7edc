/** Paths of the auditor's audits that two features link to (features/audits and features/audit-run), and the run page's preload. */

/** Where the back arrow and a finished audit lead (the auditor audits list, features/audits). */
export const AUDITS_LIST_PATH = '/auditor/audits';

/** The run page of an audit, and the pattern of its paths (it shows its own sync status and replays itself). */
export const runPath = (id: string) => `/auditor/audits/run/${id}`;
export const RUN_PATH_PATTERN = /^\/auditor\/audits\/run\//;

/**
 * The run page's code, fetched and evaluated ahead: starting an audit loads it while the server
 * starts the audit, not once it has answered (issue 23). The router's own import then finds it ready.
 */
export const preloadRunPage = () => void import('../features/audit-run/AuditRunPage').catch(() => undefined);
