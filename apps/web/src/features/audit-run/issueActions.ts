import type { TAuditIssue, TEvidence, TIncidence } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import type { TChange } from '../../offline/commands';
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
import { forgetPicture } from './offline/auditChanges';
import { changeOf, isPendingId, pendingId, pendingNames, type TRunner } from './runner';

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

  /** The question's parameters of a call, for the command shown at once. */
  const paramsOf = (questionId: string) => {
    const ref = refOf(questionId)!;
    return { id: ref.auditId, sectionId: ref.sectionId, questionId };
  };
  /** The issue a command shown at once names: its incidence, else its own id (what the call sends is the server's id, known in the lane). */
  const shownIssue = (ref: TIssueRef) => ref.incidence ?? ref.issue ?? '';

  /** `shown`: the command shown at once (its call's one apply); `fold`: the server's answer into the question's issues. */
  function change<R>(
    questionId: string,
    shown: (params: ReturnType<typeof paramsOf>) => TChange,
    call: () => Promise<R>,
    fold: (issues: TAuditIssue[], r: R) => TAuditIssue[],
    always = false,
  ) {
    const ref = refOf(questionId);
    if (!ref) return Promise.resolve(undefined);
    let before: TAuditIssue[] | undefined;
    let applied: TAuditIssue[] | undefined;
    return runner.run(`question:${questionId}`, {
      change: shown(paramsOf(questionId)),
      applied: (a, after) => {
        before = questionIndex(a).get(questionId)?.question.issues;
        applied = questionIndex(after).get(questionId)?.question.issues;
      },
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
      return change(questionId, (params) => changeOf(auditCalls.changeIssuesTasks, params, body), call, replaceAll);
    },
    toggleTask(questionId: string, inc: TIncidence, taskId: string, selected: boolean) {
      const body = { ...NO_CHANGE, [selected ? 'tasksToAdd' : 'tasksToRemove']: [{ issue: inc._id, task: taskId }] };
      const shown = (params: ReturnType<typeof paramsOf>) => changeOf(auditCalls.changeIssuesTasks, params, body);
      return change(questionId, shown, () => changeIssuesTasks(questionRef(questionId), body), replaceAll);
    },
    setSolved(questionId: string, ref: TIssueRef, solvedInPlace: boolean) {
      return change(
        questionId,
        (params) => changeOf(auditCalls.setSolvedInPlace, params, { issue: shownIssue(ref), solvedInPlace }),
        () => setSolvedInPlace(questionRef(questionId), issueId(questionId, ref), solvedInPlace),
        replaceOne,
      );
    },
    rename(questionId: string, ref: TIssueRef, name: string) {
      return change(
        questionId,
        (params) => changeOf(auditCalls.updateIssueName, params, { issue: shownIssue(ref), name }),
        () => updateIssueName(questionRef(questionId), issueId(questionId, ref), name),
        replaceOne,
      );
    },
    describe(questionId: string, ref: TIssueRef, description: string) {
      return change(
        questionId,
        (params) => changeOf(auditCalls.updateIssueDescription, params, { issue: shownIssue(ref), description: description.trim() || null }),
        () => updateIssueDescription(questionRef(questionId), issueId(questionId, ref), description.trim() || null),
        replaceOne,
      );
    },
    /** The picture shows at once from the (already resized) file; the server's copy replaces it. */
    addEvidence(questionId: string, ref: TIssueRef, file: Blob) {
      const draftId = pendingId();
      const withEvidence = (list: (e: TEvidence[]) => TEvidence[]) => editIssue(ref, (i) => ({ ...i, evidences: list(i.evidences) }));
      const fold = (issues: TAuditIssue[], saved: TEvidence) => {
        forgetPicture(draftId);
        names.name(draftId, saved._id);
        return withEvidence((list) => {
          const others = list.filter((e) => e._id !== saved._id);
          if (removedDrafts.has(draftId)) return others.filter((e) => e._id !== draftId);
          return others.some((e) => e._id === draftId) ? others.map((e) => (e._id === draftId ? saved : e)) : [...others, saved];
        })(issues);
      };
      return change(
        questionId,
        (params) => changeOf(auditCalls.addEvidence, params, null, { creates: draftId, multipart: { fields: { issue: shownIssue(ref) }, file } }),
        () => addEvidence(questionRef(questionId), issueId(questionId, ref), file, draftId),
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
        // An evidence the server has named is shown by that name (its upload's answer replaced the picture).
        (params) => changeOf(auditCalls.removeEvidence, { ...params, evidenceId: names.resolve(evidenceId) }, null),
        () => removeEvidence(questionRef(questionId), names.resolve(evidenceId)),
        (issues) => without(issues),
      );
    },
  };
}
