import type { TAudit, TAuditField, TAuditQuestion, TAuditSection } from '@audit/domain/audits';

/**
 * Immutable updates of the cached audit. Each touches only the path to what changed (audit ->
 * sections -> section -> questions -> question), so every other question keeps its object and its
 * memoised card does not render again.
 */
export interface TQuestionEntry {
  question: TAuditQuestion;
  section: TAuditSection;
  sectionIndex: number;
}

const indexes = new WeakMap<TAudit, Map<string, TQuestionEntry>>();

/** Question id -> question and section, built once per version of the audit and shared by every reader. */
export function questionIndex(audit: TAudit): Map<string, TQuestionEntry> {
  let index = indexes.get(audit);
  if (!index) {
    index = new Map();
    audit.sections.forEach((section, sectionIndex) => section.questions.forEach((question) => index!.set(question._id, { question, section, sectionIndex })));
    indexes.set(audit, index);
  }
  return index;
}

export function patchSection(audit: TAudit, sectionId: string, update: (section: TAuditSection) => TAuditSection): TAudit {
  const at = audit.sections.findIndex((s) => s._id === sectionId);
  if (at < 0) return audit;
  const next = update(audit.sections[at]!);
  if (next === audit.sections[at]) return audit;
  const sections = audit.sections.slice();
  sections[at] = next;
  return { ...audit, sections };
}

export function patchQuestion(audit: TAudit, questionId: string, update: (question: TAuditQuestion) => TAuditQuestion): TAudit {
  const entry = questionIndex(audit).get(questionId);
  if (!entry) return audit;
  return patchSection(audit, entry.section._id, (section) => {
    const at = section.questions.indexOf(entry.question);
    const next = update(entry.question);
    if (at < 0 || next === entry.question) return section;
    const questions = section.questions.slice();
    questions[at] = next;
    return { ...section, questions };
  });
}

/** Cover and contact fields live in their sections and, flattened, on the audit itself. */
export function patchFields(audit: TAudit, values: Pick<TAuditField, '_id' | 'value'>[]): TAudit {
  if (!values.length) return audit;
  const byId = new Map(values.map((v) => [v._id, v.value]));
  const apply = (fields: TAuditField[]) =>
    fields.some((f) => byId.has(f._id)) ? fields.map((f) => (byId.has(f._id) ? { ...f, value: byId.get(f._id) ?? null } : f)) : fields;
  const sections = audit.sections.map((s) => {
    const fields = apply(s.fields ?? []);
    return fields === s.fields ? s : { ...s, fields };
  });
  return {
    ...audit,
    coverFields: apply(audit.coverFields ?? []),
    contactFields: apply(audit.contactFields ?? []),
    sections: sections.some((s, i) => s !== audit.sections[i]) ? sections : audit.sections,
  };
}

/** A copy goes after its source and the copies made before it (positions of the others may have moved on the server). */
export function insertSection(audit: TAudit, section: TAuditSection): TAudit {
  const source = section.duplicatedFrom;
  const rest = audit.sections.filter((s) => s._id !== section._id);
  let at = rest.length;
  rest.forEach((s, i) => {
    if (source && (s._id === source || s.duplicatedFrom === source)) at = i + 1;
  });
  return { ...audit, sections: [...rest.slice(0, at), section, ...rest.slice(at)] };
}

export const removeSectionFrom = (audit: TAudit, sectionId: string): TAudit => ({ ...audit, sections: audit.sections.filter((s) => s._id !== sectionId) });
