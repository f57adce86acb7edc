import { evaluateAnswer } from '@audit/domain/answer-score';
import type { TAnswer, TAudit, TAuditIssue, TAuditQuestion, TEvidence, TNoteImage } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import { commandMap, on, online, type TChange } from '../../../offline/commands';
import type { TChangeSubject, TCommand } from '../../../offline/records';
import type { TIssuesTasksChange } from '../auditRunApi';
import { insertSection, patchFields, patchQuestion, questionIndex, removeSectionFrom } from '../auditCache';
import { draftIssue } from '../issueDraft';

/**
 * The audit as a resource of the offline layer (src/offline, docs/decisions/0021 and 0077): what each
 * call of the run view does to the audit, applied to the device's copy (a queued command, an accepted
 * one with the server's answer), and what a change is about, for the failures list.
 */

/** The question a command is about: its path parameter, or the question of an answer's body. */
export function questionOf(command: Pick<TCommand, 'params' | 'body'>): string | null {
  const inPath = command.params.questionId;
  if (typeof inPath === 'string') return inPath;
  const body = command.body as { question?: unknown } | null;
  return body && typeof body === 'object' && typeof body.question === 'string' ? body.question : null;
}

export type TChangeKind = 'answer' | 'cover' | 'contacts' | 'issue' | 'evidence' | 'note' | 'noteImage' | 'other';

/** What kind of change each call makes, to tell the auditor what was lost. */
const CHANGE_KINDS: Readonly<Record<string, TChangeKind>> = {
  [auditCalls.addAnswer.name]: 'answer',
  [auditCalls.updateAnswer.name]: 'answer',
  [auditCalls.removeAnswer.name]: 'answer',
  [auditCalls.updateCover.name]: 'cover',
  [auditCalls.updateContacts.name]: 'contacts',
  [auditCalls.addEvidence.name]: 'evidence',
  [auditCalls.removeEvidence.name]: 'evidence',
  [auditCalls.addNoteImage.name]: 'noteImage',
  [auditCalls.removeNoteImage.name]: 'noteImage',
  [auditCalls.setNote.name]: 'note',
  [auditCalls.changeIssuesTasks.name]: 'issue',
  [auditCalls.updateIssueName.name]: 'issue',
  [auditCalls.updateIssueDescription.name]: 'issue',
  [auditCalls.updateTaskName.name]: 'issue',
  [auditCalls.setSolvedInPlace.name]: 'issue',
};
export const changeKindOf = (callName: string): TChangeKind => CHANGE_KINDS[callName] ?? 'other';

/** The question whose answer has this id (an answer's removal names the answer only). */
const questionOfAnswer = (audit: TAudit, answerId: string) => audit.sections.flatMap((s) => s.questions).find((q) => q.answer?._id === answerId) ?? null;

/** The question a change is about, and its section, named and linked in the failures list. */
export function describeAuditChange(command: TCommand, audit: TAudit | null): TChangeSubject {
  const kind = changeKindOf(command.call);
  const removedAnswer = command.call === auditCalls.removeAnswer.name ? command.params.answerId : undefined;
  const questionId = questionOf(command) ?? (audit && removedAnswer ? (questionOfAnswer(audit, removedAnswer)?._id ?? null) : null);
  const entry = audit && questionId ? questionIndex(audit).get(questionId) : undefined;
  if (!entry) return { kind, label: null, within: null, target: null, targetGroup: null };
  return { kind, label: entry.question.name, within: entry.section.title, target: entry.question._id, targetGroup: entry.section._id };
}

// ---- applying a change

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const hasId = (value: unknown): value is { _id: string } => isObject(value) && typeof value._id === 'string';

/**
 * Pictures not yet on the server show from their file: one URL per picture (by its pending id), the
 * same for the run view's step and for the queued change shown on a load, until the tab closes (a
 * reload makes new ones) or the server's copy replaces it (`forgetPicture`).
 */
const pictureUrls = new Map<string, string>();
function pictureUrl(id: string, file: Blob) {
  let url = pictureUrls.get(id);
  if (!url) pictureUrls.set(id, (url = URL.createObjectURL(file)));
  return url;
}
/** The server saved the picture of this pending id: its file's URL is no longer shown. */
export function forgetPicture(id: string) {
  const url = pictureUrls.get(id);
  if (url) URL.revokeObjectURL(url);
  pictureUrls.delete(id);
}

type TPlaces = NonNullable<TAuditQuestion['readingRegistry']>['placesMeasure'];
const withPlaceName = (q: TAuditQuestion, placeId: string, place: string): TAuditQuestion => {
  const places: TPlaces | undefined = q.readingRegistry?.placesMeasure;
  if (!q.readingRegistry || !places?.some((p) => p._id === placeId && p.place !== place)) return q;
  return { ...q, readingRegistry: { ...q.readingRegistry, placesMeasure: places.map((p) => (p._id === placeId ? { ...p, place } : p)) } };
};

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

type TQuestionCall =
  | typeof auditCalls.setNote
  | typeof auditCalls.changeIssuesTasks
  | typeof auditCalls.updateIssueName
  | typeof auditCalls.updateIssueDescription
  | typeof auditCalls.setSolvedInPlace
  | typeof auditCalls.renamePlace
  | typeof auditCalls.addEvidence
  | typeof auditCalls.removeEvidence
  | typeof auditCalls.addNoteImage
  | typeof auditCalls.removeNoteImage;

/** A call about one question (its path names it) applied to that question. */
const toQuestion =
  <C extends TQuestionCall>(update: (q: TAuditQuestion, change: TChange<C>) => TAuditQuestion) =>
  (audit: TAudit, change: TChange<C>) =>
    patchQuestion(audit, change.command.params.questionId, (q) => update(q, change));

/** An issue's edit: the server's issue when accepted, else the edit on the issue the body names. */
const editIssue = (q: TAuditQuestion, ref: string, answer: TAuditIssue | undefined, update: (i: TAuditIssue) => TAuditIssue): TAuditQuestion => ({
  ...q,
  issues: q.issues.map((i) => (matchesIssue(ref)(i) ? (hasId(answer) ? answer : update(i)) : i)),
});

/** An answer added or updated: the server's when accepted, else evaluated here as the run view shows it. */
function setAnswer(audit: TAudit, change: TChange<typeof auditCalls.addAnswer> | TChange<typeof auditCalls.updateAnswer>, answerId?: string): TAudit {
  const body = change.command.body;
  const answer = change.response;
  return patchQuestion(audit, body.question, (q) => {
    if (hasId(answer)) return { ...q, answer: answer as TAnswer };
    const id = answerId ?? q.answer?._id ?? change.creates ?? `pending-${change.key}`;
    return { ...q, answer: { _id: id, templateAnswer: body.templateAnswer, ...evaluateAnswer(q, body.templateAnswer), updatedAt: change.createdAt } };
  });
}

/**
 * The run view's calls (auditRunApi.ts), each with its one apply to the audit: what a queued write
 * shows and what an accepted one (with the server's answer) does to the device's copy. Idempotent:
 * applied twice (a copy that already had it), the same audit.
 */
export const auditCommands = commandMap<TAudit>(
  on(auditCalls.addAnswer, (audit, change) => setAnswer(audit, change)),
  on(auditCalls.updateAnswer, (audit, change) => setAnswer(audit, change, change.command.params.answerId)),
  on(auditCalls.removeAnswer, (audit, { command }) => {
    const question = questionOfAnswer(audit, command.params.answerId);
    return question ? patchQuestion(audit, question._id, (q) => ({ ...q, answer: null })) : audit;
  }),
  on(auditCalls.updateCover, (audit, { command }) => patchFields(audit, command.body.coverFields ?? [])),
  on(auditCalls.updateContacts, (audit, { command }) => patchFields(audit, command.body.contactFields ?? [])),
  on(
    auditCalls.setNote,
    toQuestion((q, { command }) => ({ ...q, note: command.body.note ?? null })),
  ),
  on(
    auditCalls.changeIssuesTasks,
    toQuestion((q, { command, response, key }) => ({ ...q, issues: Array.isArray(response) ? response : changeIssues(q, command.body, key) })),
  ),
  on(
    auditCalls.updateIssueName,
    toQuestion((q, { command, response }) => editIssue(q, command.body.issue, response, (i) => ({ ...i, name: command.body.name ?? i.name }))),
  ),
  on(
    auditCalls.updateIssueDescription,
    toQuestion((q, { command, response }) => editIssue(q, command.body.issue, response, (i) => ({ ...i, description: command.body.description ?? null }))),
  ),
  on(
    auditCalls.setSolvedInPlace,
    toQuestion((q, { command, response }) => editIssue(q, command.body.issue, response, (i) => ({ ...i, solvedInPlace: Boolean(command.body.solvedInPlace) }))),
  ),
  on(
    auditCalls.renamePlace,
    toQuestion((q, { command, response }) => withPlaceName(q, command.params.placeId, response?.place ?? command.body.place)),
  ),
  on(
    auditCalls.addEvidence,
    toQuestion((q, { command, response, creates, key }) => {
      const { fields, file } = command.multipart!;
      const id = creates ?? `pending-${key}`;
      const evidence: TEvidence = hasId(response) ? response : { _id: id, type: 'photo', url: pictureUrl(id, file), observation: null };
      return {
        ...q,
        issues: q.issues.map((i) => (matchesIssue(fields.issue ?? '')(i) ? { ...i, evidences: upsert(i.evidences, evidence, creates) } : i)),
      };
    }),
  ),
  on(
    auditCalls.removeEvidence,
    toQuestion((q, { command }) => {
      const gone = command.params.evidenceId;
      return {
        ...q,
        issues: q.issues.map((i) => (i.evidences.some((e) => e._id === gone) ? { ...i, evidences: i.evidences.filter((e) => e._id !== gone) } : i)),
      };
    }),
  ),
  on(
    auditCalls.addNoteImage,
    toQuestion((q, { command, response, creates, key }) => {
      const id = creates ?? `pending-${key}`;
      const image: TNoteImage = hasId(response) ? response : { _id: id, url: pictureUrl(id, command.multipart!.file) };
      return { ...q, noteImages: upsert(q.noteImages, image, creates) };
    }),
  ),
  on(
    auditCalls.removeNoteImage,
    toQuestion((q, { command }) => ({ ...q, noteImages: q.noteImages.filter((image) => image._id !== command.params.imageId) })),
  ),
  // Online only (never queued): what the server answered goes into the copy.
  online(auditCalls.duplicateSection, (audit, { response }) => (hasId(response) ? insertSection(audit, response) : audit)),
  online(auditCalls.removeSection, (audit, { command }) => removeSectionFrom(audit, command.params.sectionId)),
  online(auditCalls.finish, (audit, { response }) => (hasId(response) ? response : audit)),
);
