/** Paths of the auditor's audits that two features link to (features/audits and features/audit-run) */

/** Where the back arrow and a finished audit lead (the auditor audits list, features/audits). */
export const AUDITS_LIST_PATH = '/auditor/audits';

/** The run page of an audit, and the pattern of its paths (it shows its own sync status and replays itself). */
export const runPath = (id: string) => `/auditor/audits/run/${id}`;
export const RUN_PATH_PATTERN = /^\/auditor\/audits\/run\//;
