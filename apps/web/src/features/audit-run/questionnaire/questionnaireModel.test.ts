import { describe, expect, it } from 'vitest';
import type { TQuestionnaire } from '@audit/domain/audits';
import { ApiError } from '../../../api/errors';
import { groupBySection, isAnswered, normaliseAnswer, refusedQuestionIds, stillMissing, withAnswer } from './questionnaireModel';

const questionnaire = (): TQuestionnaire => ({
  _id: 'q',
  sent: false,
  questionsAnswers: [
    { _id: 'a', sectionTitle: 'Incidencias', question: '¿Hubo incidencias?', type: 'SIMPLE', answer: 'No', images: [] },
    { _id: 'b', sectionTitle: 'Incidencias', question: 'Medidas', type: 'PARAGRAPH', answer: null, images: [] },
    { _id: 'c', sectionTitle: 'Emergencias', question: 'Simulacro', type: 'SIMPLE', answer: '  ', images: [] },
  ],
});

describe('questionnaire model', () => {
  it('groups the questions under their section titles, in order', () => {
    expect(groupBySection(questionnaire().questionsAnswers).map((g) => [g.title, g.questions.map((q) => q._id)])).toEqual([
      ['Incidencias', ['a', 'b']],
      ['Emergencias', ['c']],
    ]);
  });

  it('counts blank as unanswered and stores blank as null', () => {
    expect(questionnaire().questionsAnswers.map(isAnswered)).toEqual([true, false, false]);
    expect(normaliseAnswer('  Sí \n')).toBe('Sí');
    expect(normaliseAnswer(' \n ')).toBeNull();
  });

  it('changes one answer without touching the others', () => {
    const before = questionnaire();
    const after = withAnswer(before, 'b', 'Se avisó');
    expect(after.questionsAnswers.map((q) => q.answer)).toEqual(['No', 'Se avisó', '  ']);
    expect(after.questionsAnswers[0]).toBe(before.questionsAnswers[0]);
    expect(before.questionsAnswers[1]!.answer).toBeNull();
  });

  it('reads the refused question ids of a 400 and keeps only those still unanswered', () => {
    const q = questionnaire();
    const refusal = new ApiError(400, 'BADREQUESTERROR', '400', 'invalid', ['b', 'c', 'unknown']);
    expect(refusedQuestionIds(refusal, q)).toEqual(['b', 'c']);
    expect(refusedQuestionIds(new ApiError(409, 'BADREQUESTERROR', 'AUD0002', 'not running', ['b']), q)).toEqual([]);
    expect(refusedQuestionIds(new Error('x'), q)).toEqual([]);
    expect(stillMissing(['b', 'c'], withAnswer(q, 'b', 'Se avisó'))).toEqual(['c']);
  });
});
