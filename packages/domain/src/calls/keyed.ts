import { auditCalls } from './audits.js';
import type { TCall } from './define.js';
import { fileCalls } from './files.js';
import { incidentCalls, taskCalls } from './incidents.js';
import { registerCalls } from './registers.js';

/**
 * The writes the web sends with an Idempotency-Key (decision 0093): every call its offline layer
 * queues or sends online keyed (apps/web/src/offline/write.ts, the resource kinds' command maps).
 * A retry of one of them after a lost answer must get that answer, whatever happened in between, so
 * the server stores each one's answer with its key in the write's own transaction: a crash can leave
 * no key without its answer. Both sides check this list: the web, that each call of its kinds is here
 * (apps/web/src/offline/keyedCalls.test.ts); the server, that each is registered atomic
 * (apps/server/src/platform/idempotency/atomic.test.ts).
 */
export const KEYED_CALLS: readonly TCall[] = [
  // The run view (audit-run/offline/auditChanges.ts): queued...
  auditCalls.addAnswer,
  auditCalls.updateAnswer,
  auditCalls.removeAnswer,
  auditCalls.updateCover,
  auditCalls.updateContacts,
  auditCalls.setNote,
  auditCalls.changeIssuesTasks,
  auditCalls.updateIssueName,
  auditCalls.updateIssueDescription,
  auditCalls.setSolvedInPlace,
  auditCalls.renamePlace,
  auditCalls.addEvidence,
  auditCalls.removeEvidence,
  auditCalls.addNoteImage,
  auditCalls.removeNoteImage,
  // ...and online only, keyed all the same.
  auditCalls.duplicateSection,
  auditCalls.removeSection,
  auditCalls.finish,
  // An incident (incidents/offline/incidentChanges.ts): comments, an action's status and photos.
  incidentCalls.addComment,
  taskCalls.update,
  fileCalls.image,
  taskCalls.addImage,
  // A register's log (register-logs/offline/logChanges.ts): the saves of takes.
  registerCalls.addAnswer,
];
