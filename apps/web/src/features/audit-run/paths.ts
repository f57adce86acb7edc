/** Where the back arrow and a finished audit lead (the auditor audits list, features/audits). */
export const AUDITS_LIST_PATH = '/auditor/audits';
