import { auditCalls } from '@audit/domain/calls/audits';
import { pathParams, type TCall } from '@audit/domain/calls/define';
import { fileCalls } from '@audit/domain/calls/files';
import { incidentCalls, taskCalls } from '@audit/domain/calls/incidents';
import { registerCalls } from '@audit/domain/calls/registers';
import type { TCommand, TMultipartData, TQueuedRequest } from './records';

/**
 * The upgrade of RunAudit to version 4 (db.ts, decision 0077): the records of versions 1 to 3 stored a
 * request (method and URL); version 4 stores a command (the call by name, its parameters and body).
 * This is the one place a URL is matched to a call, once, when a device's database is upgraded.
 *
 * The calls are those the earlier versions could queue (every `offlineWrite` of version 3): a record
 * is only ever matched against them, whatever calls come later. Matched by method and by the call's
 * path as it is now (a path renamed since is not matched: that record keeps its request, as written).
 */
const EARLIER_QUEUED_CALLS: readonly TCall[] = [
  // The run view (auditRunApi.ts): answers, cover and contacts, issues and tasks, notes, photos, places.
  auditCalls.addAnswer,
  auditCalls.updateAnswer,
  auditCalls.removeAnswer,
  auditCalls.updateCover,
  auditCalls.updateContacts,
  auditCalls.changeIssuesTasks,
  auditCalls.updateIssueName,
  auditCalls.updateIssueDescription,
  auditCalls.setSolvedInPlace,
  auditCalls.setNote,
  auditCalls.renamePlace,
  auditCalls.addEvidence,
  auditCalls.removeEvidence,
  auditCalls.addNoteImage,
  auditCalls.removeNoteImage,
  // An incident (incidentsApi.ts): comments, a corrective action's status and photos.
  incidentCalls.addComment,
  taskCalls.update,
  taskCalls.addImage,
  fileCalls.image,
  // A register's log (logsApi.ts): the saves of takes.
  registerCalls.addAnswer,
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The call's path as a pattern: each `:param` one segment, captured. */
const patterns = EARLIER_QUEUED_CALLS.map((call) => ({
  call,
  names: pathParams(call.path),
  pattern: new RegExp(
    `^${call.path
      .split(/:[A-Za-z0-9_]+/)
      .map(escape)
      .join('([^/?#]+)')}$`,
  ),
}));

function paramsOf(url: string, call: (typeof patterns)[number]): Record<string, string> | null {
  const match = call.pattern.exec(url);
  if (!match) return null;
  try {
    return Object.fromEntries(call.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
  } catch {
    return null;
  }
}

/** The call and parameters of a stored method and URL, when one of the earlier queued calls matches. */
export function callOfRequest(method: string, url: string): { call: TCall; params: Record<string, string> } | null {
  for (const candidate of patterns) {
    if (candidate.call.method !== method.toUpperCase()) continue;
    const params = paramsOf(url, candidate);
    if (params) return { call: candidate.call, params };
  }
  return null;
}

/** A stored request as a command (its idempotency key stays on the record); null when it matches no call. */
export function commandOfRequest(request: TQueuedRequest): TCommand | null {
  const matched = callOfRequest(request.method, request.url);
  if (!matched) return null;
  const command: TCommand = { call: matched.call.name, params: matched.params, body: request.blob ? null : (request.data ?? null) };
  if (request.blob) command.multipart = request.data as TMultipartData;
  return command;
}
