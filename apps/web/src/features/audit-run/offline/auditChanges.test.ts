import { describe, expect, it } from 'vitest';
import { changeKindOf, questionOf } from './auditChanges';

const A = '/ms-core/api/audits/a1';

describe('what a failure was about', () => {
  it('names the kind of change and its question', () => {
    expect(changeKindOf(`${A}/answer/add`)).toBe('answer');
    expect(changeKindOf(`${A}/answer/x/remove`)).toBe('answer');
    expect(changeKindOf(`${A}/cover/update`)).toBe('cover');
    expect(changeKindOf(`${A}/contact-field/update`)).toBe('contacts');
    expect(changeKindOf(`${A}/sections/s/questions/q/issues-tasks`)).toBe('issue');
    expect(changeKindOf(`${A}/sections/s/questions/q/solved-in-place`)).toBe('issue');
    expect(changeKindOf(`${A}/sections/s/questions/q/evidences`)).toBe('evidence');
    expect(changeKindOf(`${A}/sections/s/questions/q/note`)).toBe('note');
    expect(changeKindOf(`${A}/sections/s/questions/q/note-images/x`)).toBe('noteImage');
    expect(questionOf({ method: 'PATCH', url: `${A}/sections/s/questions/q9/note`, data: {} })).toBe('q9');
    expect(questionOf({ method: 'POST', url: `${A}/answer/add`, data: { question: 'q3' } })).toBe('q3');
    expect(questionOf({ method: 'DELETE', url: `${A}/answer/x/remove`, data: null })).toBeNull();
  });
});
