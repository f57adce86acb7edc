import type { TAuditQuestion } from '@audit/domain/audits';
import { renamePlace } from './auditRunApi';
import { patchQuestion, questionIndex } from './auditCache';
import type { TRunner } from './runner';

type TPlaces = NonNullable<TAuditQuestion['readingRegistry']>['placesMeasure'];

const withPlaceName = (q: TAuditQuestion, placeId: string, place: string): TAuditQuestion =>
  q.readingRegistry
    ? { ...q, readingRegistry: { ...q.readingRegistry, placesMeasure: q.readingRegistry.placesMeasure.map((p) => (p._id === placeId ? { ...p, place } : p)) } }
    : q;

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
      return runner.run(`question:${questionId}`, {
        apply: (a) =>
          patchQuestion(a, questionId, (q) => {
            before = q.readingRegistry?.placesMeasure;
            return withPlaceName(q, placeId, place);
          }),
        call: () => renamePlace({ auditId: runner.auditId, sectionId: entry.section._id, questionId }, placeId, place),
        rollback: (a) =>
          patchQuestion(a, questionId, (q) => (q.readingRegistry && before ? { ...q, readingRegistry: { ...q.readingRegistry, placesMeasure: before } } : q)),
      });
    },
  };
}
