import type { TAudit } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import { send } from '../../../api/send';
import { registerResourceKind, resourceKey } from '../../../offline/resources';
import { RUN_PATH_PATTERN, runPath } from '../../../manifest/auditPaths';
import { auditCommands, describeAuditChange, questionOf } from './auditChanges';

/**
 * The audit run as the offline layer's first user (src/offline, docs/decisions/0021): the kind
 * `audit`, registered when this module is imported (the shell imports it eagerly, so that a replay
 * away from the run page knows the audit's lanes and follow-ups).
 */
export const AUDIT_KIND = 'audit';
export const auditResource = (auditId: string) => resourceKey(AUDIT_KIND, auditId);

export const fetchAudit = (id: string) => send(auditCalls.get, { params: { id } });
/** Product document, section 9: after a replay the score of every audit it changed is checked again. */
export const checkScore = (auditId: string) => send(auditCalls.checkScore, { body: { audit: auditId } });

registerResourceKind<TAudit>({
  type: AUDIT_KIND,
  load: fetchAudit,
  // Product document: "Starting an audit stores it locally for offline use": the audits this user
  // runs, as the server's audit policy answers it (`can.run`, decision 0020); a copy saved before `can` existed is not kept.
  keepCopy: (audit) => audit.status === 'running' && audit.can?.run === true,
  commands: auditCommands,
  describe: describeAuditChange,
  changeLabelKey: (kind) => `auditRun.offline.kind.${kind}`,
  elsewhereKey: 'auditRun.offline.failures.otherAudit',
  // One lane per question: its answer, issues, pictures and note keep their order; cover, contacts and sections wait for all before them.
  laneOf: questionOf,
  recordFields: (auditId) => ({ auditId }),
  afterReplay: (ids) => Promise.all(ids.map((id) => checkScore(id).catch(() => undefined))),
  // The audits lists and previews show statuses and scores the replay may have changed.
  refreshViews: (queryClient) => queryClient.invalidateQueries({ queryKey: ['audits'] }),
  page: RUN_PATH_PATTERN,
  pathOf: (auditId, subject) => `${runPath(auditId)}${subject?.target ? `#question-${subject.target}` : ''}`,
});
