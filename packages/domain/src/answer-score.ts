import type { TAuditQuestion, TTemplateAnswer } from './audits.js';
import type { TSelectConfig } from './templates.js';

/** Answer scoring with no runtime import (types only): the browser's first page loads it (docs/decisions/0017). */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** What a select answer scores and whether it fails: the sum of the chosen options' scores (0 when not scored). */
export function scoreSelect(
  config: Pick<TSelectConfig, 'scoring' | 'options'> | null | undefined,
  selected: readonly string[],
): { score: number; failed: boolean } {
  if (!config) return { score: 0, failed: false };
  const chosen = config.options.filter((o) => selected.includes(o._id));
  return { score: config.scoring ? round2(chosen.reduce((sum, o) => sum + o.score, 0)) : 0, failed: chosen.some((o) => o.failed) };
}

/** Score and failure of any answer (only select answers score or fail). */
export function evaluateAnswer(
  question: Pick<TAuditQuestion, 'type' | 'select'>,
  answer: TTemplateAnswer | null | undefined,
): { score: number; failed: boolean } {
  if (!answer || answer.type !== 'select' || question.type !== 'select') return { score: 0, failed: false };
  return scoreSelect(question.select, answer.select);
}

/** The red a failed option shows in, whatever colour its template gave it (the editor starts every option green). */
export const FAILED_OPTION_COLOR = '#f5222d';

/**
 * The colour an option shows in, the same in the run view, the report and its PDF: its meaning
 * first (a failed option is red), then the colour the template chose.
 */
export function optionColor(option: Pick<TSelectConfig['options'][number], 'color' | 'failed'>): string {
  return option.failed ? FAILED_OPTION_COLOR : option.color;
}
