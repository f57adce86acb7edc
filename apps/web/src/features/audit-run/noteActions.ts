import type { TAuditQuestion, TNoteImage } from '@audit/domain/audits';
import { addNoteImage, removeNoteImage, updateNote } from './auditRunApi';
import { patchQuestion, questionIndex } from './auditCache';
import { pendingId, pendingNames, type TRunner } from './runner';
import type { TRunIntent } from './offline/intents';

/** A question's note and note images: shown at once, rolled back when the call fails. */
export function createNoteActions(runner: TRunner) {
  const names = pendingNames();
  const refOf = (questionId: string) => {
    const audit = runner.read();
    const entry = audit && questionIndex(audit).get(questionId);
    return entry ? { auditId: runner.auditId, sectionId: entry.section._id, questionId } : null;
  };

  function step<K extends 'note' | 'noteImages', R>(
    questionId: string,
    key: K,
    next: (value: TAuditQuestion[K]) => TAuditQuestion[K],
    call: (key?: string) => Promise<R>,
    fold?: (value: TAuditQuestion[K], r: R) => TAuditQuestion[K],
    intent?: TRunIntent,
    idempotencyKey?: string,
  ) {
    if (!refOf(questionId)) return Promise.resolve(undefined);
    let before: TAuditQuestion[K] | undefined;
    let applied: TAuditQuestion[K] | undefined;
    const lane = `question:${questionId}`;
    return runner.run(
      lane,
      {
        apply: (a) => patchQuestion(a, questionId, (q) => ((before = q[key]), (applied = next(q[key])), { ...q, [key]: applied })),
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
        () => note.trim() || null,
        (idempotencyKey) => updateNote(refOf(questionId)!, note.trim() || null, idempotencyKey),
        undefined,
        { kind: 'note', questionId, note },
        key,
      ),
    addImage(questionId: string, file: Blob) {
      const draft: TNoteImage = { _id: pendingId(), url: URL.createObjectURL(file) };
      return step(
        questionId,
        'noteImages',
        (list) => [...list, draft],
        () => addNoteImage(refOf(questionId)!, file, draft._id),
        (list, saved) => {
          URL.revokeObjectURL(draft.url);
          names.name(draft._id, saved._id);
          return list.map((i) => (i._id === draft._id ? saved : i));
        },
      );
    },
    /** Also an image still uploading: its removal follows the upload and names what the server saved. */
    removeImage: (questionId: string, imageId: string) =>
      step(
        questionId,
        'noteImages',
        (list) => list.filter((i) => i._id !== imageId),
        () => removeNoteImage(refOf(questionId)!, names.resolve(imageId)),
      ),
  };
}
