import type { TAuditIssue, TAuditQuestion, TEvidence, TIncidence } from '@audit/domain/audits';
import {
  addEvidence,
  changeIssuesTasks,
  removeEvidence,
  setSolvedInPlace,
  updateIssueDescription,
  updateIssueName,
  type TIssuesTasksChange,
} from './auditRunApi';
import { patchQuestion, questionIndex } from './auditCache';
import { isQueuedWrite } from '../../offline/write';
import { draftIssue } from './issueDraft';
import { isPendingId, pendingId, pendingNames, type TRunner } from './runner';

/** Which issue an action is about: by its incidence (template) when it has one, else by its own id. */
export interface TIssueRef {
  incidence: string | null;
  issue: string | null;
}

const matches = (ref: TIssueRef) => (i: TAuditIssue) => (ref.incidence ? i.templateIssue === ref.incidence : i._id === ref.issue);
const NO_CHANGE: TIssuesTasksChange = { issuesToAdd: [], issuesToRemove: [], tasksToAdd: [], tasksToRemove: [] };

/**
 * Issues, tasks and evidences of a question (product document, section 4): checking an incidence
 * creates its issue (with its sole task), unchecking removes it, selecting a task selects its issue.
 * Every change shows at once; the server's list replaces it unless a newer change is pending.
 */
export function createIssueActions(runner: TRunner) {
  const serverIssues = new Map<string, TAuditIssue[]>();
  /** Evidences removed while uploading (their upload's answer must not bring them back), and what the server named them. */
  const removedDrafts = new Set<string>();
  const names = pendingNames();
  const refOf = (questionId: string) => {
    const audit = runner.read();
    const entry = audit && questionIndex(audit).get(questionId);
    if (entry && !serverIssues.has(questionId)) serverIssues.set(questionId, entry.question.issues);
    return entry && { auditId: runner.auditId, sectionId: entry.section._id, questionId };
  };
  /** The server's id of the issue once its creation has answered (calls of a question run in order); the server also takes the incidence id. */
  const issueId = (questionId: string, ref: TIssueRef) => serverIssues.get(questionId)?.find(matches(ref))?._id ?? ref.incidence ?? ref.issue ?? '';

  function change<R>(
    questionId: string,
    next: (issues: TAuditIssue[], q: TAuditQuestion) => TAuditIssue[],
    call: () => Promise<R>,
    fold: (issues: TAuditIssue[], r: R) => TAuditIssue[],
    always = false,
  ) {
    const ref = refOf(questionId);
    if (!ref) return Promise.resolve(undefined);
    let before: TAuditIssue[] | undefined;
    let applied: TAuditIssue[] | undefined;
    return runner.run(`question:${questionId}`, {
      apply: (a) => patchQuestion(a, questionId, (q) => ((before = q.issues), (applied = next(q.issues, q)), { ...q, issues: applied })),
      call,
      commit: (a, result) => {
        serverIssues.set(questionId, fold(serverIssues.get(questionId) ?? [], result));
        return patchQuestion(a, questionId, (q) => (q.issues === applied || always ? { ...q, issues: fold(q.issues, result) } : q));
      },
      rollback: (a) => patchQuestion(a, questionId, (q) => (q.issues === applied && before ? { ...q, issues: before } : q)),
    });
  }
  const replaceAll = (_: TAuditIssue[], result: TAuditIssue[]) => result;
  const replaceOne = (issues: TAuditIssue[], result: TAuditIssue) =>
    issues.map((i) => (i._id === result._id || (result.templateIssue && i.templateIssue === result.templateIssue) ? result : i));
  const editIssue = (ref: TIssueRef, update: (i: TAuditIssue) => TAuditIssue) => (issues: TAuditIssue[]) =>
    issues.map((i) => (matches(ref)(i) ? update(i) : i));
  const questionRef = (questionId: string) => refOf(questionId)!;

  return {
    toggleIssue(questionId: string, inc: TIncidence, selected: boolean) {
      const next = (issues: TAuditIssue[], q: TAuditQuestion) => {
        const rest = issues.filter((i) => i.templateIssue !== inc._id);
        return selected ? [...rest, draftIssue(q, inc, undefined, pendingId())] : rest;
      };
      const body = { ...NO_CHANGE, [selected ? 'issuesToAdd' : 'issuesToRemove']: [inc._id] };
      // Removed offline, the server's id of the issue is gone for what follows (a new one is named by its incidence).
      const call = () =>
        changeIssuesTasks(questionRef(questionId), body).catch((error: unknown) => {
          if (isQueuedWrite(error) && !selected)
            serverIssues.set(
              questionId,
              (serverIssues.get(questionId) ?? []).filter((i) => i.templateIssue !== inc._id),
            );
          throw error;
        });
      return change(questionId, next, call, replaceAll);
    },
    toggleTask(questionId: string, inc: TIncidence, taskId: string, selected: boolean) {
      const next = (issues: TAuditIssue[], q: TAuditQuestion) => {
        const existing = issues.find((i) => i.templateIssue === inc._id);
        if (!existing) return selected ? [...issues, draftIssue(q, inc, taskId, pendingId())] : issues;
        const tasks = existing.tasks.map((t) => (t._id === taskId ? { ...t, selected } : t));
        return issues.map((i) => (i === existing ? { ...i, selected: i.selected || selected, tasks } : i));
      };
      const body = { ...NO_CHANGE, [selected ? 'tasksToAdd' : 'tasksToRemove']: [{ issue: inc._id, task: taskId }] };
      return change(questionId, next, () => changeIssuesTasks(questionRef(questionId), body), replaceAll);
    },
    setSolved(questionId: string, ref: TIssueRef, solvedInPlace: boolean) {
      return change(
        questionId,
        editIssue(ref, (i) => ({ ...i, solvedInPlace })),
        () => setSolvedInPlace(questionRef(questionId), issueId(questionId, ref), solvedInPlace),
        replaceOne,
      );
    },
    rename(questionId: string, ref: TIssueRef, name: string) {
      return change(
        questionId,
        editIssue(ref, (i) => ({ ...i, name })),
        () => updateIssueName(questionRef(questionId), issueId(questionId, ref), name),
        replaceOne,
      );
    },
    describe(questionId: string, ref: TIssueRef, description: string) {
      return change(
        questionId,
        editIssue(ref, (i) => ({ ...i, description })),
        () => updateIssueDescription(questionRef(questionId), issueId(questionId, ref), description.trim() || null),
        replaceOne,
      );
    },
    /** The picture shows at once from the (already resized) file; the server's copy replaces it. */
    addEvidence(questionId: string, ref: TIssueRef, file: Blob) {
      const draft: TEvidence = { _id: pendingId(), type: 'photo', url: URL.createObjectURL(file), observation: null };
      const withEvidence = (list: (e: TEvidence[]) => TEvidence[]) => editIssue(ref, (i) => ({ ...i, evidences: list(i.evidences) }));
      const fold = (issues: TAuditIssue[], saved: TEvidence) => {
        URL.revokeObjectURL(draft.url);
        names.name(draft._id, saved._id);
        return withEvidence((list) => {
          const others = list.filter((e) => e._id !== saved._id);
          if (removedDrafts.has(draft._id)) return others.filter((e) => e._id !== draft._id);
          return others.some((e) => e._id === draft._id) ? others.map((e) => (e._id === draft._id ? saved : e)) : [...others, saved];
        })(issues);
      };
      return change(
        questionId,
        withEvidence((list) => [...list, draft]),
        () => addEvidence(questionRef(questionId), issueId(questionId, ref), file, draft._id),
        fold,
        true,
      );
    },
    /** Also an evidence still uploading: its removal follows the upload and names what the server saved. */
    removeEvidence(questionId: string, ref: TIssueRef, evidenceId: string) {
      if (isPendingId(evidenceId)) removedDrafts.add(evidenceId);
      const without = editIssue(ref, (i) => ({ ...i, evidences: i.evidences.filter((e) => e._id !== evidenceId && e._id !== names.resolve(evidenceId)) }));
      return change(
        questionId,
        without,
        () => removeEvidence(questionRef(questionId), names.resolve(evidenceId)),
        (issues) => without(issues),
      );
    },
  };
}
