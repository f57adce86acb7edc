import { evaluateAnswer } from '@audit/domain/answer-score';
import type { TAnswer, TAnswerInput, TAudit, TAuditIssue, TAuditQuestion, TAuditSection, TEvidence, TNoteImage } from '@audit/domain/audits';
import type { TChange } from '../../../offline/resources';
import type { TChangeSubject, TMultipartData, TQueuedRequest, TWriteMethod } from '../../../offline/records';
import type { TFieldValue, TIssuesTasksChange } from '../auditRunApi';
import { insertSection, patchFields, patchQuestion, questionIndex, removeSectionFrom } from '../auditCache';
import { draftIssue } from '../issueDraft';

/**
 * The audit as a resource of the offline layer (src/offline, docs/decisions/0021): what a write of
 * the run view does to the audit, applied to the device's copy (a queued change from its request, an
 * accepted one with the server's answer), and what a change is about, for the failures list.
 */

/** The question a request is about: in the URL (…/questions/{id}/…) or in the body of an answer. */
export function questionOf(request: { method: TWriteMethod; url: string; data: unknown }): string | null {
  const inUrl = /\/questions\/([^/?]+)/.exec(request.url)?.[1];
  if (inUrl) return inUrl;
  const body = request.data as { question?: unknown } | null;
  return body && typeof body === 'object' && typeof body.question === 'string' ? body.question : null;
}

export type TChangeKind = 'answer' | 'cover' | 'contacts' | 'issue' | 'evidence' | 'note' | 'noteImage' | 'other';

/** What kind of change a request made, to tell the auditor what was lost. */
export function changeKindOf(url: string): TChangeKind {
  const path = url.split('?')[0]!;
  if (/\/answer\//.test(path)) return 'answer';
  if (path.endsWith('/cover/update')) return 'cover';
  if (path.endsWith('/contact-field/update')) return 'contacts';
  if (/\/evidences(\/|$)/.test(path)) return 'evidence';
  if (/\/note-images(\/|$)/.test(path)) return 'noteImage';
  if (path.endsWith('/note')) return 'note';
  if (/\/(issues-tasks|update-issue-name|update-issue-description|update-task-name|solved-in-place)$/.test(path)) return 'issue';
  return 'other';
}

/** The question whose answer has this id (an answer's removal names the answer only). */
const questionOfAnswer = (audit: TAudit, answerId: string) => audit.sections.flatMap((s) => s.questions).find((q) => q.answer?._id === answerId) ?? null;

/** The question a change is about, and its section, named and linked in the failures list. */
export function describeAuditChange(request: TQueuedRequest, audit: TAudit | null): TChangeSubject {
  const kind = changeKindOf(request.url);
  const removedAnswer = /\/answer\/([^/]+)\/remove$/.exec(request.url.split('?')[0]!)?.[1];
  const questionId = questionOf(request) ?? (audit && removedAnswer ? (questionOfAnswer(audit, removedAnswer)?._id ?? null) : null);
  const entry = audit && questionId ? questionIndex(audit).get(questionId) : undefined;
  if (!entry) return { kind, label: null, within: null, target: null, targetGroup: null };
  return { kind, label: entry.question.name, within: entry.section.title, target: entry.question._id, targetGroup: entry.section._id };
}

// ---- applying a change

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const hasId = (value: unknown): value is { _id: string } => isObject(value) && typeof value._id === 'string';

/** Pictures waiting in the queue show from their file: one URL per picture for the tab's life (a reload makes new ones). */
const pictureUrls = new Map<string, string>();
function pictureUrl(id: string, file: Blob) {
  let url = pictureUrls.get(id);
  if (!url) pictureUrls.set(id, (url = URL.createObjectURL(file)));
  return url;
}

/** Adds or replaces by id (the server's copy replaces the picture shown from its file). */
const upsert = <T extends { _id: string }>(list: T[], item: T, draftId: string | null) => {
  const rest = list.filter((x) => x._id !== item._id && x._id !== draftId);
  const at = list.findIndex((x) => x._id === item._id || x._id === draftId);
  return at < 0 ? [...rest, item] : [...rest.slice(0, at), item, ...rest.slice(at)];
};

const matchesIssue = (ref: string) => (i: TAuditIssue) => i._id === ref || i.templateIssue === ref;

/** An issues-tasks change as the server makes it (issueActions shows the same before the call). */
function changeIssues(q: TAuditQuestion, body: TIssuesTasksChange, key: string): TAuditIssue[] {
  // A list left out is empty, as the server's schema (packages/domain) defaults it.
  const { issuesToAdd = [], issuesToRemove = [], tasksToAdd = [], tasksToRemove = [] } = body;
  let issues = q.issues.filter((i) => !issuesToRemove.some((ref) => matchesIssue(ref)(i)));
  const incidence = (id: string) => q.incidences.find((inc) => inc._id === id);
  for (const id of issuesToAdd) {
    const inc = incidence(id);
    if (inc && !issues.some(matchesIssue(id))) issues = [...issues, draftIssue(q, inc, undefined, `pending-${key}`)];
  }
  for (const { issue, task } of tasksToAdd) {
    const existing = issues.find(matchesIssue(issue));
    const inc = incidence(issue);
    if (!existing) issues = inc ? [...issues, draftIssue(q, inc, task, `pending-${key}`)] : issues;
    else
      issues = issues.map((i) => (i === existing ? { ...i, selected: true, tasks: i.tasks.map((t) => (t._id === task ? { ...t, selected: true } : t)) } : i));
  }
  for (const { issue, task } of tasksToRemove) {
    issues = issues.map((i) => (matchesIssue(issue)(i) ? { ...i, tasks: i.tasks.map((t) => (t._id === task ? { ...t, selected: false } : t)) } : i));
  }
  return issues;
}

function applyToQuestion(q: TAuditQuestion, action: string, rest: string, change: TChange): TAuditQuestion {
  const { method, data } = change.request;
  const answer = change.response;
  const body = (isObject(data) ? data : {}) as Record<string, unknown>;
  const issueRef = typeof body.issue === 'string' ? body.issue : '';
  const editIssue = (update: (i: TAuditIssue) => TAuditIssue) => ({
    ...q,
    issues: q.issues.map((i) => (matchesIssue(issueRef)(i) ? (hasId(answer) ? (answer as unknown as TAuditIssue) : update(i)) : i)),
  });
  switch (action) {
    case 'note':
      return { ...q, note: (body.note as string | null | undefined) ?? null };
    case 'issues-tasks':
      return { ...q, issues: Array.isArray(answer) ? (answer as TAuditIssue[]) : changeIssues(q, data as TIssuesTasksChange, change.key) };
    case 'update-issue-name':
      return editIssue((i) => ({ ...i, name: String(body.name ?? i.name) }));
    case 'update-issue-description':
      return editIssue((i) => ({ ...i, description: (body.description as string | null | undefined) ?? null }));
    case 'solved-in-place':
      return editIssue((i) => ({ ...i, solvedInPlace: Boolean(body.solvedInPlace) }));
    case 'evidences': {
      if (method === 'DELETE')
        return {
          ...q,
          issues: q.issues.map((i) => (i.evidences.some((e) => e._id === rest) ? { ...i, evidences: i.evidences.filter((e) => e._id !== rest) } : i)),
        };
      const { fields, file } = data as TMultipartData;
      const id = change.creates ?? `pending-${change.key}`;
      const evidence: TEvidence = hasId(answer) ? (answer as unknown as TEvidence) : { _id: id, type: 'photo', url: pictureUrl(id, file), observation: null };
      return {
        ...q,
        issues: q.issues.map((i) => (matchesIssue(fields.issue ?? '')(i) ? { ...i, evidences: upsert(i.evidences, evidence, change.creates) } : i)),
      };
    }
    case 'note-images': {
      if (method === 'DELETE') return { ...q, noteImages: q.noteImages.filter((image) => image._id !== rest) };
      const id = change.creates ?? `pending-${change.key}`;
      const image: TNoteImage = hasId(answer) ? (answer as unknown as TNoteImage) : { _id: id, url: pictureUrl(id, (data as TMultipartData).file) };
      return { ...q, noteImages: upsert(q.noteImages, image, change.creates) };
    }
    default:
      return q;
  }
}

/**
 * A write of the run view applied to the audit (auditRunApi.ts lists them). Idempotent: applied
 * twice (a copy that already had it), the same audit. An unknown write leaves the audit as it is.
 */
export function applyAuditChange(audit: TAudit, change: TChange): TAudit {
  const { url, data } = change.request;
  const path = url.split('?')[0]!.replace(/^\/ms-core\/api\/audits\/[^/]+/, '');
  const answer = change.response;

  const answerWrite = /^\/answer\/(add|([^/]+)\/update|([^/]+)\/remove)$/.exec(path);
  if (answerWrite) {
    if (answerWrite[3]) {
      const question = questionOfAnswer(audit, answerWrite[3]);
      return question ? patchQuestion(audit, question._id, (q) => ({ ...q, answer: null })) : audit;
    }
    const body = data as TAnswerInput;
    return patchQuestion(audit, body.question, (q) => {
      if (hasId(answer)) return { ...q, answer: answer as unknown as TAnswer };
      const id = answerWrite[2] ?? q.answer?._id ?? change.creates ?? `pending-${change.key}`;
      return { ...q, answer: { _id: id, templateAnswer: body.templateAnswer, ...evaluateAnswer(q, body.templateAnswer), updatedAt: change.createdAt } };
    });
  }
  if (path === '/cover/update') return patchFields(audit, (data as { coverFields?: TFieldValue[] }).coverFields ?? []);
  if (path === '/contact-field/update') return patchFields(audit, (data as { contactFields?: TFieldValue[] }).contactFields ?? []);
  if (path === '/finished' && hasId(answer)) return answer as unknown as TAudit;

  const section = /^\/sections\/([^/]+)\/(duplicate|remove)$/.exec(path);
  if (section) {
    if (section[2] === 'remove') return removeSectionFrom(audit, section[1]!);
    return hasId(answer) ? insertSection(audit, answer as unknown as TAuditSection) : audit;
  }
  const perQuestion = /^\/sections\/[^/]+\/questions\/([^/]+)\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (perQuestion) return patchQuestion(audit, perQuestion[1]!, (q) => applyToQuestion(q, perQuestion[2]!, perQuestion[3] ?? '', change));
  return audit;
}
