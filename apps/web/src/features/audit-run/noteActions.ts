import type { TAuditQuestion } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import type { TChange } from '../../offline/commands';
import { addNoteImage, removeNoteImage, updateNote } from './auditRunApi';
import { patchQuestion, questionIndex } from './auditCache';
import { forgetPicture } from './offline/auditChanges';
import { changeOf, pendingId, pendingNames, type TRunner } from './runner';
import type { TRunIntent } from './offline/intents';

/** A question's note and note images: shown at once, rolled back when the call fails. */
export function createNoteActions(runner: TRunner) {
  const names = pendingNames();
  const refOf = (questionId: string) => {
    const audit = runner.read();
    const entry = audit && questionIndex(audit).get(questionId);
    return entry ? { auditId: runner.auditId, sectionId: entry.section._id, questionId } : null;
  };

  /** `change`: the command shown at once, given the question's parameters (its call's one apply). */
  function step<K extends 'note' | 'noteImages', R>(
    questionId: string,
    key: K,
    changeFor: (params: { id: string; sectionId: string; questionId: string }) => TChange,
    call: (key?: string) => Promise<R>,
    fold?: (value: TAuditQuestion[K], r: R) => TAuditQuestion[K],
    intent?: TRunIntent,
    idempotencyKey?: string,
  ) {
    const ref = refOf(questionId);
    if (!ref) return Promise.resolve(undefined);
    let before: TAuditQuestion[K] | undefined;
    let applied: TAuditQuestion[K] | undefined;
    const lane = `question:${questionId}`;
    return runner.run(
      lane,
      {
        change: changeFor({ id: ref.auditId, sectionId: ref.sectionId, questionId }),
        applied: (a, after) => {
          before = questionIndex(a).get(questionId)?.question[key];
          applied = questionIndex(after).get(questionId)?.question[key];
        },
        call,
        // Folds replace a draft by its id, so they apply even after later changes.
        commit: fold && ((a, r) => patchQuestion(a, questionId, (q) => ({ ...q, [key]: fold(q[key], r) }))),
        rollback: (a) => patchQuestion(a, questionId, (q) => (q[key] === applied ? { ...q, [key]: before as TAuditQuestion[K] } : q)),
      },
      intent,
      idempotencyKey,
    );
  }

  return {
    /** `key`: the idempotency key a journalled leftover was first sent with (RunContext). */
    saveNote: (questionId: string, note: string, key?: string) =>
      step(
        questionId,
        'note',
        (params) => changeOf(auditCalls.setNote, params, { note: note.trim() || null }),
        (idempotencyKey) => updateNote(refOf(questionId)!, note.trim() || null, idempotencyKey),
        undefined,
        { kind: 'note', questionId, note },
        key,
      ),
    addImage(questionId: string, file: Blob) {
      const draftId = pendingId();
      return step(
        questionId,
        'noteImages',
        (params) => changeOf(auditCalls.addNoteImage, params, null, { creates: draftId, multipart: { fields: {}, file } }),
        () => addNoteImage(refOf(questionId)!, file, draftId),
        (list, saved) => {
          forgetPicture(draftId);
          names.name(draftId, saved._id);
          return list.map((i) => (i._id === draftId ? saved : i));
        },
      );
    },
    /** Also an image still uploading: its removal follows the upload and names what the server saved. */
    removeImage: (questionId: string, imageId: string) =>
      step(
        questionId,
        'noteImages',
        (params) => changeOf(auditCalls.removeNoteImage, { ...params, imageId }, null),
        () => removeNoteImage(refOf(questionId)!, names.resolve(imageId)),
      ),
  };
}
