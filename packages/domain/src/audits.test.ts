import { describe, expect, it } from 'vitest';
import {
  answerTypeOf,
  auditScore,
  contactEntries,
  deductionsOf,
  evaluateAnswer,
  finishProblems,
  isAnswered,
  issueCounts,
  nextSelection,
  riskOf,
  scorePercentage,
  sectionScore,
  type TAuditField,
  type TAuditIssue,
  type TAuditQuestion,
  type TAuditSection,
  type TTemplateAnswer,
} from './audits.js';
import type { TSelectConfig } from './templates.js';

// Ids are short strings here: the rules only compare them.
const SELECT: TSelectConfig = {
  multiselect: false,
  scoring: true,
  options: [
    { _id: 'yes', label: 'Conforme', color: '#52c41a', score: 10, failed: false },
    { _id: 'part', label: 'Mejorable', color: '#fa8c16', score: 5, failed: false },
    { _id: 'no', label: 'No conforme', color: '#f5222d', score: 0, failed: true },
  ],
};
const MULTI: TSelectConfig = {
  multiselect: true,
  scoring: true,
  options: [
    { _id: 'a', label: 'A', color: '#000000', score: 4, failed: false },
    { _id: 'b', label: 'B', color: '#000000', score: 6, failed: false },
    { _id: 'c', label: 'C', color: '#000000', score: -2, failed: true },
  ],
};

function issue(over: Partial<TAuditIssue> = {}): TAuditIssue {
  return {
    _id: 'i1',
    section: 's',
    question: 'q',
    templateIssue: 't1',
    name: 'Suciedad',
    description: null,
    riskLevel: 'medium',
    deductionPercentage: 5,
    selected: true,
    solvedInPlace: false,
    tasks: [],
    evidences: [],
    ...over,
  };
}

function question(id: string, over: Partial<TAuditQuestion> & { pick?: string[] } = {}): TAuditQuestion {
  const { pick, ...rest } = over;
  const type = rest.type ?? 'select';
  const answer: TTemplateAnswer | null = pick ? { type: 'select', select: pick } : null;
  return {
    _id: id,
    section: 's',
    templateQuestion: null,
    name: id,
    type,
    description: null,
    required: true,
    position: 0,
    select: type === 'select' ? SELECT : null,
    readingRegistry: null,
    text: null,
    maxScore: 0,
    incidences: [],
    note: null,
    noteImages: [],
    answer: answer ? { _id: `a-${id}`, templateAnswer: answer, score: 0, failed: false, updatedAt: '' } : null,
    issues: [],
    ...rest,
  };
}

const field = (type: string, value: string | null, over: Partial<TAuditField> = {}): TAuditField => ({
  _id: type,
  label: 'Responsable',
  type,
  required: false,
  value,
  position: 0,
  ...over,
});
const section = (type: TAuditSection['type'], questions: TAuditQuestion[], fields: TAuditField[] = []) => ({ _id: type, type, questions, fields });

describe('answers', () => {
  it('scores a select answer by its chosen options and fails it on a failed option', () => {
    const q = { type: 'select', select: SELECT };
    expect(evaluateAnswer(q, { type: 'select', select: ['yes'] })).toEqual({ score: 10, failed: false });
    expect(evaluateAnswer(q, { type: 'select', select: ['no'] })).toEqual({ score: 0, failed: true });
    expect(evaluateAnswer({ type: 'select', select: MULTI }, { type: 'select', select: ['a', 'c'] })).toEqual({ score: 2, failed: true });
    expect(evaluateAnswer({ type: 'select', select: { ...SELECT, scoring: false } }, { type: 'select', select: ['yes'] })).toEqual({ score: 0, failed: false });
    expect(evaluateAnswer(q, { type: 'number', number: 3 })).toEqual({ score: 0, failed: false });
    expect(evaluateAnswer(q, null)).toEqual({ score: 0, failed: false });
  });

  it('takes the answer kind from the question type', () => {
    expect(answerTypeOf('select')).toBe('select');
    expect(answerTypeOf('number')).toBe('number');
    expect(answerTypeOf('readingRegistry')).toBe('readingRegistry');
    expect(answerTypeOf('paragraph')).toBe('paragraph');
    expect(answerTypeOf('text', { answerType: 'PARAGRAPH' })).toBe('paragraph');
    expect(answerTypeOf('text', { answerType: 'TEXT' })).toBe('text');
    expect(answerTypeOf('audit_date')).toBe('text');
  });

  it('single select replaces the selection, multiselect toggles', () => {
    expect(nextSelection({ multiselect: false }, ['yes'], 'no')).toEqual(['no']);
    expect(nextSelection({ multiselect: true }, ['a'], 'b')).toEqual(['a', 'b']);
    expect(nextSelection({ multiselect: true }, ['a', 'b'], 'a')).toEqual(['b']);
  });

  it('knows an answered question by kind', () => {
    const with_ = (templateAnswer: TTemplateAnswer) => ({ answer: { _id: 'a', templateAnswer, score: 0, failed: false, updatedAt: '' } });
    expect(isAnswered({ answer: null })).toBe(false);
    expect(isAnswered(with_({ type: 'select', select: [] }))).toBe(false);
    expect(isAnswered(with_({ type: 'number', number: 0 }))).toBe(true);
    expect(isAnswered(with_({ type: 'number', number: null }))).toBe(false);
    expect(isAnswered(with_({ type: 'text', text: '  ' }))).toBe(false);
    expect(isAnswered(with_({ type: 'paragraph', paragraph: 'ok' }))).toBe(true);
    expect(isAnswered(with_({ type: 'readingRegistry', readingRegistry: [{ placesMeasure: 'p', optionKey: 'k', value: null }] }))).toBe(false);
    expect(isAnswered(with_({ type: 'readingRegistry', readingRegistry: [{ placesMeasure: 'p', optionKey: 'k', value: 4 }] }))).toBe(true);
  });
});

describe('scores', () => {
  it('counts only answered scored questions in a section', () => {
    const s = section('QUESTION', [
      question('q1', { pick: ['yes'] }),
      question('q2', { pick: ['part'] }),
      question('q3'),
      question('q4', { pick: ['a', 'b'], select: MULTI }),
    ]);
    // totals: 10 + 10 + (4 + 6) = 30; finals: 10 + 5 + 10 = 25
    expect(sectionScore(s)).toEqual({ totalScore: 30, finalScore: 25 });
    expect(sectionScore(section('QUESTION', [question('q1', { pick: ['yes'], select: { ...SELECT, scoring: false } })]))).toEqual({
      totalScore: 0,
      finalScore: 0,
    });
  });

  it('moves the final by the difference between the old and the new option', () => {
    const before = sectionScore(section('QUESTION', [question('q1', { pick: ['yes'] }), question('q2', { pick: ['yes'] })]));
    const after = sectionScore(section('QUESTION', [question('q1', { pick: ['yes'] }), question('q2', { pick: ['part'] })]));
    expect(before.finalScore - after.finalScore).toBe(5);
    expect(after.totalScore).toBe(before.totalScore);
  });

  it('takes the percentage less the largest deduction, with one decimal, never below 0', () => {
    expect(scorePercentage(30, 25, [])).toBe(83.3);
    expect(scorePercentage(30, 25, [{ issue: 'i', name: 'x', percentage: 10 }])).toBe(73.3);
    expect(scorePercentage(30, 2, [{ issue: 'i', name: 'x', percentage: 50 }])).toBe(0);
    expect(scorePercentage(0, 0, [])).toBeNull();
  });

  it('deducts selected issues not solved in place, largest first', () => {
    const q = question('q1', {
      pick: ['no'],
      issues: [
        issue({ _id: 'small', deductionPercentage: 5 }),
        issue({ _id: 'big', deductionPercentage: 15 }),
        issue({ _id: 'solved', deductionPercentage: 50, solvedInPlace: true }),
        issue({ _id: 'none', deductionPercentage: 0 }),
        issue({ _id: 'off', deductionPercentage: 40, selected: false }),
      ],
    });
    expect(deductionsOf([section('QUESTION', [q])]).map((d) => [d.issue, d.percentage])).toEqual([
      ['big', 15],
      ['small', 5],
    ]);
    const score = auditScore([section('QUESTION', [q, question('q2', { pick: ['yes'] })])]);
    // total 20, final 10: 50 % less 15 = 35
    expect(score).toMatchObject({ totalScore: 20, finalScore: 10, percentage: 35 });
    expect(score.sections).toEqual([{ _id: 'QUESTION', totalScore: 20, finalScore: 10 }]);
  });

  it('counts issues by risk and derives the audit risk', () => {
    const issues = [
      issue({ riskLevel: 'high' }),
      issue({ riskLevel: 'IE' }),
      issue({ riskLevel: 'P1', solvedInPlace: true }),
      issue({ riskLevel: 'medium' }),
      issue({ riskLevel: 'low' }),
      issue({ riskLevel: 'infrastructure' }),
      issue({ riskLevel: 'high', selected: false }),
    ];
    const counts = issueCounts(issues);
    expect(counts).toEqual({
      totalIssuesCount: 6,
      totalIssuesResolved: 1,
      highRiskIssuesCount: 3,
      ieIssuesCount: 1,
      mediumIssuesCount: 1,
      lowIssuesCount: 1,
      infraIssuesCount: 1,
    });
    expect(riskOf(counts)).toBe('HIGH');
    expect(riskOf(issueCounts([issue({ riskLevel: 'medium' }), issue({ riskLevel: 'low' })]))).toBe('MEDIUM');
    expect(riskOf(issueCounts([issue({ riskLevel: 'infrastructure' })]))).toBe('LOW');
    expect(riskOf(issueCounts([]))).toBe('LOW');
  });
});

describe('finishing checks, in order', () => {
  const contacts = (fields: TAuditField[]) => section('CONTACTS', [], fields);
  const okContacts = contacts([field('text', 'Marta', { required: true }), field('email', 'marta@hotel.es', { required: true })]);
  const finish = (questions: TAuditQuestion[], contactSection = okContacts) =>
    finishProblems({ sections: [section('DATA', [], [field('audit_date', null, { required: true })]), section('QUESTION', questions), contactSection] });

  it('AUD0001: required questions without an answer (optional ones may stay empty)', () => {
    expect(finish([question('q1'), question('q2', { pick: [] }), question('q3', { required: false }), question('q4', { pick: ['yes'] })])).toEqual({
      reference: 'AUD0001',
      questions: ['q1', 'q2'],
    });
  });

  it('493: failed answers without a selected issue', () => {
    expect(
      finish([
        question('q1', { pick: ['no'] }),
        question('q2', { pick: ['no'], issues: [issue()] }),
        question('q3', { pick: ['no'], issues: [issue({ selected: false })] }),
      ]),
    ).toEqual({ reference: '493', questions: ['q1', 'q3'] });
  });

  it('495: issues on non-failed answers not solved in place, or solved in place with unmarked tasks', () => {
    const task = (selected: boolean) => ({ _id: 't', name: 'Limpiar', selected });
    expect(
      finish([
        question('q1', { pick: ['yes'], issues: [issue()] }),
        question('q2', { pick: ['yes'], issues: [issue({ solvedInPlace: true, tasks: [task(true)] })] }),
        question('q3', { pick: ['no'], issues: [issue({ solvedInPlace: true, tasks: [task(false)] })] }),
        question('q4', { pick: ['no'], issues: [issue({ tasks: [task(false)] })] }),
      ]),
    ).toEqual({ reference: '495', questions: ['q1', 'q3'] });
  });

  it('496: contacts without a name or an e-mail, including required contact fields left empty', () => {
    const q = [question('q1', { pick: ['yes'] })];
    expect(finish(q, contacts([field('contact_information', JSON.stringify([{ name: 'Ana', email: '' }]))]))).toEqual({ reference: '496', questions: [] });
    expect(finish(q, contacts([field('contact_information', JSON.stringify([{ name: ' ', email: 'ana@hotel.es' }]))]))).toEqual({
      reference: '496',
      questions: [],
    });
    expect(finish(q, contacts([field('contact_information', 'not json')]))).toEqual({ reference: '496', questions: [] });
    expect(finish(q, contacts([field('text', 'Marta', { required: true }), field('email', ' ', { required: true })]))).toEqual({
      reference: '496',
      questions: [],
    });
    expect(finish(q, contacts([field('text', '', { required: true }), field('email', 'marta@hotel.es', { required: true })]))).toEqual({
      reference: '496',
      questions: [],
    });
    // An optional phone left empty is fine.
    expect(
      finish(q, contacts([field('text', 'Marta', { required: true }), field('email', 'marta@hotel.es'), field('phone', null, { required: false })])),
    ).toBeNull();
  });

  it('497: badly formatted contact e-mails', () => {
    const q = [question('q1', { pick: ['yes'] })];
    expect(finish(q, contacts([field('email', 'marta@hotel.es, marta@hotel')]))).toEqual({ reference: '497', questions: [] });
    expect(finish(q, contacts([field('contact_information', JSON.stringify([{ name: 'Ana', email: 'ana@' }]))]))).toEqual({ reference: '497', questions: [] });
  });

  it('passes a complete audit, and checks in the documented order', () => {
    expect(
      finish([
        question('q1', { pick: ['yes'] }),
        question('q2', { pick: ['no'], issues: [issue()] }),
        question('q3', { type: 'number', answer: { _id: 'a', templateAnswer: { type: 'number', number: 3 }, score: 0, failed: false, updatedAt: '' } }),
      ]),
    ).toBeNull();
    // Unanswered wins over failed-without-issue, which wins over contacts.
    expect(finish([question('q1'), question('q2', { pick: ['no'] })], contacts([field('email', 'bad')]))?.reference).toBe('AUD0001');
    expect(finish([question('q2', { pick: ['no'] })], contacts([field('email', 'bad')]))?.reference).toBe('493');
  });

  it('reads contacts from contact_information lists and e-mail fields', () => {
    const entries = contactEntries([
      {
        type: 'CONTACTS',
        fields: [
          field('contact_information', JSON.stringify([{ name: 'Ana', email: 'ana@hotel.es' }])),
          field('email', 'a@b.es, c@d.es', { label: 'Calidad' }),
        ],
      },
      { type: 'DATA', fields: [field('email', 'x@y.es')] },
    ]);
    expect(entries).toEqual([
      { name: 'Ana', email: 'ana@hotel.es' },
      { name: 'Calidad', email: 'a@b.es' },
      { name: 'Calidad', email: 'c@d.es' },
    ]);
  });
});
