import { parseContacts, type TAuditField, type TAuditQuestion } from '@audit/domain/audits';
import { formatDate, formatNumber, type TPdfLabels } from './labels.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Dates (alone or as a [from, to] pair) as DD-MM-YYYY; anything else as written. */
export function readableValue(value: string | null | undefined): string {
  const v = value?.trim() ?? '';
  if (ISO_DATE.test(v)) return formatDate(v);
  // An earlier web release stored a range as "from/to".
  const pair = v.split('/');
  if (pair.length === 2 && pair.every((d) => ISO_DATE.test(d))) return [...new Set(pair.map(formatDate))].join(' – ');
  if (v.startsWith('[')) {
    try {
      const list = JSON.parse(v) as unknown;
      if (Array.isArray(list) && list.every((d) => typeof d === 'string' && ISO_DATE.test(d))) return [...new Set(list.map((d) => formatDate(d as string)))].join(' – ');
    } catch {
      /* not JSON: shown as written */
    }
  }
  return v;
}

export function fieldValue(field: Pick<TAuditField, 'type' | 'value'>, labels: TPdfLabels): string {
  if (field.type === 'contact_information') {
    return parseContacts(field.value)
      .map((c) => [c.name, c.email].filter(Boolean).join(' · '))
      .join('\n');
  }
  if (field.type === 'number' && field.value && !Number.isNaN(Number(field.value))) return formatNumber(labels, Number(field.value));
  return readableValue(field.value);
}

/** The answer of a non-select, non-reading question as text ('' when unanswered). */
export function answerText(question: Pick<TAuditQuestion, 'answer'>, labels: TPdfLabels): string {
  const a = question.answer?.templateAnswer;
  if (!a) return '';
  switch (a.type) {
    case 'number':
      return a.number == null ? '' : formatNumber(labels, a.number, 4);
    case 'text':
      return readableValue(a.text);
    case 'paragraph':
      return a.paragraph?.trim() ?? '';
    default:
      return '';
  }
}
