import { permissionName } from '@audit/domain/permissions';
import { requires } from '../../platform/auth.js';

/**
 * What is the server's own in the audits' routes: the OpenAPI tag, route access, and the note every
 * running call carries. The calls, their requests and answers (the allow-list of what leaves the
 * server) are packages/domain/src/calls/audits.ts and questionnaire.ts (decision 0070).
 */
export { ZAudit as ZAuditOut, type TCreateAudit } from '@audit/domain/audits';

/** Shared by the route files: OpenAPI tag, route access, and the note every running call carries. */
export const AUDIT_TAGS = ['audits'];
/** Audit calls never change users, roles or memberships: they keep the server's identity cache. */
export const auditAccess = (action: 'READ' | 'CREATE' | 'WRITE') => ({ ...requires(permissionName('AUDIT', action)), identityNeutral: true });
export const RUNS_NOTE = ' Only the audit’s auditor (494; an ADMIN passes), only while running (AUD0002).';
