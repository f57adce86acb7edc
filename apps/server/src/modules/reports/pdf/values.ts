import { parseContacts, type TAuditField, type TAuditQuestion } from '@audit/domain/audits';
import { dateValueText, zoneOr } from '@audit/domain/dates';
import { formatNumber, type TPdfLabels } from './labels.js';

/** Dates (alone or as a [from, to] pair, in every stored form) as DD-MM-YYYY, instants as their day in the audit's zone; anything else as written. */
export const readableValue = (value: string | null | undefined, timeZone?: string | null): string =>
  dateValueText(value, zoneOr(timeZone)) ?? value?.trim() ?? '';

export function fieldValue(field: Pick<TAuditField, 'type' | 'value'>, labels: TPdfLabels, timeZone?: string | null): string {
  if (field.type === 'contact_information') {
    return parseContacts(field.value)
      .map((c) => [c.name, c.email].filter(Boolean).join(' · '))
      .join('\n');
  }
  if (field.type === 'number' && field.value && !Number.isNaN(Number(field.value))) return formatNumber(labels, Number(field.value));
  return readableValue(field.value, timeZone);
}

/** The answer of a non-select, non-reading question as text ('' when unanswered). */
export function answerText(question: Pick<TAuditQuestion, 'answer'>, labels: TPdfLabels, timeZone?: string | null): string {
  const a = question.answer?.templateAnswer;
  if (!a) return '';
  switch (a.type) {
    case 'number':
      return a.number == null ? '' : formatNumber(labels, a.number, 4);
    case 'text':
      return readableValue(a.text, timeZone);
    case 'paragraph':
      return a.paragraph?.trim() ?? '';
    default:
      return '';
  }
}
