import { answerTypeOf, type TTemplateAnswer } from '@audit/domain/audits';
import { boundProblem, fieldBound, parseTypedNumber, readingBound } from '@audit/domain/bounds';
import type { TQuestionConfig } from '@audit/domain/templates';

/**
 * Whether an answer fits its question: the kind the question type takes (answerTypeOf), select
 * options of this question (one at most unless multiselect), readings at this question's places
 * and option keys, each place and key once. Answers the offending field names (empty: it fits).
 */
export function answerProblems(question: { type: string; config: TQuestionConfig }, answer: TTemplateAnswer): string[] {
  if (answerTypeOf(question.type, question.config.text) !== answer.type) return ['templateAnswer.type'];
  if (answer.type === 'select') {
    const select = question.config.select;
    const known = new Set(select?.options.map((o) => o._id) ?? []);
    const chosen = new Set(answer.select);
    const fits = answer.select.every((id) => known.has(id)) && chosen.size === answer.select.length && (select?.multiselect || chosen.size <= 1);
    return fits ? [] : ['templateAnswer.select'];
  }
  if (answer.type === 'readingRegistry') {
    const config = question.config.readingRegistry;
    const places = new Set(config?.placesMeasure.map((p) => p._id) ?? []);
    const keys = new Set(config?.options.map((o) => o.key) ?? []);
    const seen = new Set<string>();
    const fits = answer.readingRegistry.every((r) => {
      const pair = `${r.placesMeasure}|${r.optionKey}`;
      const ok = places.has(r.placesMeasure) && keys.has(r.optionKey) && !seen.has(pair);
      seen.add(pair);
      return ok;
    });
    return fits ? [] : ['templateAnswer.readingRegistry'];
  }
  return [];
}

/** Readings beyond what their option's unit can measure (decision 0026): refused as VAL0001. */
export function readingsOutOfRange(question: { config: TQuestionConfig }, answer: TTemplateAnswer): string[] {
  if (answer.type !== 'readingRegistry') return [];
  const measureOf = new Map(question.config.readingRegistry?.options.map((o) => [o.key, o.measure]) ?? []);
  const bad = answer.readingRegistry.some((r) => r.value !== null && boundProblem(r.value, readingBound(measureOf.get(r.optionKey))));
  return bad ? ['templateAnswer.readingRegistry'] : [];
}

/** Number cover and contact fields (stored as text) within their bounds; answers the offending field ids. */
export function fieldValuesOutOfRange(fields: { _id: string; type: string }[], values: { _id: string; value: string | null }[]): string[] {
  const typeOf = new Map(fields.map((f) => [f._id, f.type]));
  return values
    .filter((v) => {
      const b = fieldBound(typeOf.get(v._id) ?? '');
      if (!b || v.value === null || v.value.trim() === '') return false;
      const n = parseTypedNumber(v.value);
      return n === null || boundProblem(n, b) !== null;
    })
    .map((v) => v._id);
}
