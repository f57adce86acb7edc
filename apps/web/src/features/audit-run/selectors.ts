import { auditScore, isAnswered, isFailed, sectionScore, type TAudit, type TAuditScore, type TAuditSection } from '@audit/domain/audits';

/**
 * View models read from the cached audit. Each is cheap and memoised on the objects it reads, so
 * a change to one question recomputes only its section's figures and the audit's total.
 */
const scores = new WeakMap<TAuditSection[], TAuditScore>();
const sectionFigures = new WeakMap<TAuditSection, TSectionFigures>();

export const auditScoreOf = (audit: TAudit): TAuditScore => {
  let score = scores.get(audit.sections);
  if (!score) scores.set(audit.sections, (score = auditScore(audit.sections)));
  return score;
};

export interface TSectionFigures {
  totalScore: number;
  finalScore: number;
  answered: number;
  questions: number;
  failed: number;
}

export function figuresOf(section: TAuditSection): TSectionFigures {
  let figures = sectionFigures.get(section);
  if (!figures) {
    const questions = section.questions ?? [];
    figures = {
      ...sectionScore({ _id: section._id, questions }),
      answered: questions.filter(isAnswered).length,
      questions: questions.length,
      failed: questions.filter(isFailed).length,
    };
    sectionFigures.set(section, figures);
  }
  return figures;
}

const lastAnswered = new WeakMap<TAuditSection, string>();

/**
 * Last change: the audit's own, or a newer answer's (answers do not touch the audit row). Memoised
 * per section object like the figures: a tap scans its own section's questions, not the audit's.
 */
export function lastUpdated(audit: TAudit) {
  let last = audit.updatedAt;
  for (const s of audit.sections) {
    let newest = lastAnswered.get(s);
    if (newest === undefined) {
      newest = '';
      for (const q of s.questions ?? []) if (q.answer?.updatedAt && q.answer.updatedAt > newest) newest = q.answer.updatedAt;
      lastAnswered.set(s, newest);
    }
    if (newest > last) last = newest;
  }
  return last;
}

export interface TTocQuestion {
  _id: string;
  sectionId: string;
  name: string;
  sectionTitle: string;
}

/** Unanswered and failed questions, for the table of contents. */
export function selectPending(audit: TAudit) {
  const unanswered: TTocQuestion[] = [];
  const failed: TTocQuestion[] = [];
  for (const s of audit.sections) {
    if (s.type !== 'QUESTION') continue;
    for (const q of s.questions ?? []) {
      const item = { _id: q._id, sectionId: s._id, name: q.name, sectionTitle: s.title };
      if (!isAnswered(q)) unanswered.push(item);
      else if (isFailed(q)) failed.push(item);
    }
  }
  return { unanswered, failed };
}
