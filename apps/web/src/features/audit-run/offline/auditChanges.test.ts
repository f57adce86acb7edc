import { describe, expect, it, vi } from 'vitest';
import type { TAudit } from '@audit/domain/audits';
import type { TWriteMethod } from '../../../offline/records';
import type { TChange } from '../../../offline/resources';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { applyAuditChange, changeKindOf, describeAuditChange, questionOf } from './auditChanges';

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

describe('a change applied to the audit on the device', () => {
  const audit = makeAudit(30);
  const section = audit.sections[1]!;
  const q = section.questions[0]!;
  const base = `/ms-core/api/audits/${audit._id}`;
  const qPath = `${base}/sections/${section._id}/questions/${q._id}`;
  let n = 0;
  const change = (method: TWriteMethod, url: string, data: unknown, extra: Partial<TChange> = {}): TChange => ({
    request: { method, url, data, blob: false, headers: {} },
    creates: null,
    key: `0a0a0a0a-0000-4000-8000-00000000000${++n}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  });
  const question = (a: TAudit) => a.sections[1]!.questions[0]!;
  /** Applied once and twice: the same audit (a copy may already hold a change it meets again). */
  const applyTwice = (a: TAudit, c: TChange) => {
    const once = applyAuditChange(a, c);
    expect(applyAuditChange(once, c)).toEqual(once);
    return once;
  };

  it("an answer: scored locally while queued, the server's once accepted, removed by its id", () => {
    const add = change(
      'POST',
      `${base}/answer/add`,
      { section: section._id, question: q._id, templateAnswer: { type: 'select', select: [OPTION.no] } },
      { creates: 'pending-0a0a0a0a-0000-4000-8000-0000000000aa' },
    );
    const queued = applyTwice(audit, add);
    expect(question(queued).answer).toMatchObject({ _id: 'pending-0a0a0a0a-0000-4000-8000-0000000000aa', failed: true, score: 0 });
    const saved = { _id: 'answer-1', templateAnswer: { type: 'select', select: [OPTION.no] }, score: 0, failed: true, updatedAt: 'x' };
    const accepted = applyTwice(audit, { ...add, response: saved });
    expect(question(accepted).answer).toEqual(saved);
    expect(question(applyTwice(accepted, change('DELETE', `${base}/answer/answer-1/remove`, null))).answer).toBeNull();
    // Every other question keeps its object.
    expect(accepted.sections[1]!.questions[1]).toBe(audit.sections[1]!.questions[1]);
  });

  it('a note, cover fields, an issue with its task, its name and solved-in-place', () => {
    expect(question(applyTwice(audit, change('PATCH', `${qPath}/note`, { note: 'Revisar' }))).note).toBe('Revisar');
    const cover = audit.sections[0]!.fields[0]!;
    const covered = applyTwice(audit, change('POST', `${base}/cover/update`, { coverFields: [{ _id: cover._id, value: 'Resumen' }] }));
    expect(covered.sections[0]!.fields[0]!.value).toBe('Resumen');
    const inc = q.incidences[0]!;
    const raised = applyTwice(
      audit,
      change('PATCH', `${qPath}/issues-tasks`, { issuesToAdd: [inc._id], issuesToRemove: [], tasksToAdd: [], tasksToRemove: [] }),
    );
    expect(question(raised).issues).toEqual([
      expect.objectContaining({ templateIssue: inc._id, selected: true, tasks: [expect.objectContaining({ selected: true })] }),
    ]);
    const renamed = applyTwice(raised, change('PATCH', `${qPath}/update-issue-name`, { issue: inc._id, name: 'Otro nombre' }));
    const solved = applyTwice(renamed, change('PATCH', `${qPath}/solved-in-place`, { issue: inc._id, solvedInPlace: true }));
    expect(question(solved).issues[0]).toMatchObject({ name: 'Otro nombre', solvedInPlace: true });
    const removed = applyTwice(
      solved,
      change('PATCH', `${qPath}/issues-tasks`, { issuesToAdd: [], issuesToRemove: [inc._id], tasksToAdd: [], tasksToRemove: [] }),
    );
    expect(question(removed).issues).toEqual([]);
  });

  it("a picture waiting shows from its file, the server's copy replaces it, a removal takes it away", () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:queued');
    const id = 'pending-0a0a0a0a-0000-4000-8000-0000000000bb';
    const add = change('POST', `${qPath}/note-images`, { fields: {}, file: new Blob(['x']) }, { creates: id });
    add.request.blob = true;
    const queued = applyTwice(audit, add);
    expect(question(queued).noteImages).toEqual([{ _id: id, url: 'blob:queued' }]);
    const accepted = applyTwice(queued, { ...add, response: { _id: 'image-1', url: '/files/i1.jpg' } });
    expect(question(accepted).noteImages).toEqual([{ _id: 'image-1', url: '/files/i1.jpg' }]);
    expect(question(applyTwice(accepted, change('DELETE', `${qPath}/note-images/image-1`, null))).noteImages).toEqual([]);
    vi.restoreAllMocks();
  });

  it('describes a change by its question and section, and a cover change by its kind only', () => {
    const subject = describeAuditChange({ method: 'PATCH', url: `${qPath}/note`, data: { note: 'x' }, blob: false, headers: {} }, audit);
    expect(subject).toEqual({ kind: 'note', label: q.name, within: section.title, target: q._id, targetGroup: section._id });
    expect(describeAuditChange({ method: 'POST', url: `${base}/cover/update`, data: {}, blob: false, headers: {} }, audit)).toMatchObject({
      kind: 'cover',
      label: null,
      target: null,
    });
    // Without the audit on the device, the kind still says what it was.
    expect(describeAuditChange({ method: 'PATCH', url: `${qPath}/note`, data: {}, blob: false, headers: {} }, null)).toMatchObject({
      kind: 'note',
      label: null,
    });
  });
});
