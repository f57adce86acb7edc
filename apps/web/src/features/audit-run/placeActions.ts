import type { TAuditQuestion } from '@audit/domain/audits';
import { auditCalls } from '@audit/domain/calls/audits';
import { renamePlace } from './auditRunApi';
import { patchQuestion, questionIndex } from './auditCache';
import { changeOf, type TRunner } from './runner';

type TPlaces = NonNullable<TAuditQuestion['readingRegistry']>['placesMeasure'];

/**
 * A reading place renamed in the run (product document section 4: the name saves to the audit's
 * question): shown at once, in the question's lane, rolled back when the server refuses it.
 */
export function createPlaceActions(runner: TRunner) {
  return {
    renamePlace(questionId: string, placeId: string, name: string) {
      const place = name.trim();
      const audit = runner.read();
      const entry = audit && questionIndex(audit).get(questionId);
      const current = entry?.question.readingRegistry?.placesMeasure.find((p) => p._id === placeId);
      if (!entry || !current || !place || current.place === place) return Promise.resolve(undefined);
      let before: TPlaces | undefined;
      const ref = { auditId: runner.auditId, sectionId: entry.section._id, questionId };
      return runner.run(`question:${questionId}`, {
        change: changeOf(auditCalls.renamePlace, { id: ref.auditId, sectionId: ref.sectionId, questionId, placeId }, { place }),
        applied: (a) => void (before = questionIndex(a).get(questionId)?.question.readingRegistry?.placesMeasure),
        call: () => renamePlace(ref, placeId, place),
        rollback: (a) =>
          patchQuestion(a, questionId, (q) => (q.readingRegistry && before ? { ...q, readingRegistry: { ...q.readingRegistry, placesMeasure: before } } : q)),
      });
    },
  };
}
