import { describe, expect, it, vi } from 'vitest';
import type { TAudit } from '@audit/domain/audits';
import { auditCalls as calls } from '@audit/domain/calls/audits';
import { applyChange } from '../../../offline/commands';
import type { TCommand } from '../../../offline/records';
import type { TChange } from '../../../offline/resources';
import { makeAudit, OPTION } from '../testing/auditFixture';
import { auditCommands, changeKindOf, describeAuditChange, questionOf } from './auditChanges';

const applyAuditChange = (audit: TAudit, change: TChange) => applyChange(auditCommands, audit, change);

describe('what a failure was about', () => {
  it('names the kind of change and its question', () => {
    expect(changeKindOf(calls.addAnswer.name)).toBe('answer');
    expect(changeKindOf(calls.removeAnswer.name)).toBe('answer');
    expect(changeKindOf(calls.updateCover.name)).toBe('cover');
    expect(changeKindOf(calls.updateContacts.name)).toBe('contacts');
    expect(changeKindOf(calls.changeIssuesTasks.name)).toBe('issue');
    expect(changeKindOf(calls.setSolvedInPlace.name)).toBe('issue');
    expect(changeKindOf(calls.addEvidence.name)).toBe('evidence');
    expect(changeKindOf(calls.setNote.name)).toBe('note');
    expect(changeKindOf(calls.removeNoteImage.name)).toBe('noteImage');
    expect(changeKindOf(calls.renamePlace.name)).toBe('other');
    expect(questionOf({ params: { id: 'a1', sectionId: 's', questionId: 'q9' }, body: {} })).toBe('q9');
    expect(questionOf({ params: { id: 'a1' }, body: { question: 'q3' } })).toBe('q3');
    expect(questionOf({ params: { id: 'a1', answerId: 'x' }, body: null })).toBeNull();
  });

  it('lists every call of the run view once, the online-only ones marked', () => {
    expect(
      Object.values(auditCommands)
        .filter((c) => c.online)
        .map((c) => c.call.name),
    ).toEqual([calls.duplicateSection.name, calls.removeSection.name, calls.finish.name]);
    for (const [name, entry] of Object.entries(auditCommands)) expect(entry.call.name).toBe(name);
  });
});

describe('a change applied to the audit on the device', () => {
  const audit = makeAudit(30);
  const section = audit.sections[1]!;
  const q = section.questions[0]!;
  const base = { id: audit._id };
  const qPath = { ...base, sectionId: section._id, questionId: q._id };
  let n = 0;
  const change = (call: { name: string }, params: Record<string, string>, body: unknown, extra: Partial<TChange> = {}): TChange => ({
    command: { call: call.name, params, body },
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
      calls.addAnswer,
      base,
      { section: section._id, question: q._id, templateAnswer: { type: 'select', select: [OPTION.no] } },
      { creates: 'pending-0a0a0a0a-0000-4000-8000-0000000000aa' },
    );
    const queued = applyTwice(audit, add);
    expect(question(queued).answer).toMatchObject({ _id: 'pending-0a0a0a0a-0000-4000-8000-0000000000aa', failed: true, score: 0 });
    const saved = {
      _id: 'answer-1',
      section: section._id,
      question: q._id,
      templateAnswer: { type: 'select', select: [OPTION.no] },
      score: 0,
      failed: true,
      updatedAt: 'x',
    };
    const accepted = applyTwice(audit, { ...add, response: saved });
    expect(question(accepted).answer).toEqual(saved);
    expect(question(applyTwice(accepted, change(calls.removeAnswer, { ...base, answerId: 'answer-1' }, null))).answer).toBeNull();
    // Every other question keeps its object.
    expect(accepted.sections[1]!.questions[1]).toBe(audit.sections[1]!.questions[1]);
  });

  it('a note, cover fields, an issue with its task, its name and solved-in-place', () => {
    expect(question(applyTwice(audit, change(calls.setNote, qPath, { note: 'Revisar' }))).note).toBe('Revisar');
    const cover = audit.sections[0]!.fields[0]!;
    const covered = applyTwice(audit, change(calls.updateCover, base, { coverFields: [{ _id: cover._id, value: 'Resumen' }] }));
    expect(covered.sections[0]!.fields[0]!.value).toBe('Resumen');
    const inc = q.incidences[0]!;
    const raised = applyTwice(audit, change(calls.changeIssuesTasks, qPath, { issuesToAdd: [inc._id], issuesToRemove: [], tasksToAdd: [], tasksToRemove: [] }));
    expect(question(raised).issues).toEqual([
      expect.objectContaining({ templateIssue: inc._id, selected: true, tasks: [expect.objectContaining({ selected: true })] }),
    ]);
    const renamed = applyTwice(raised, change(calls.updateIssueName, qPath, { issue: inc._id, name: 'Otro nombre' }));
    const solved = applyTwice(renamed, change(calls.setSolvedInPlace, qPath, { issue: inc._id, solvedInPlace: true }));
    expect(question(solved).issues[0]).toMatchObject({ name: 'Otro nombre', solvedInPlace: true });
    const removed = applyTwice(
      solved,
      change(calls.changeIssuesTasks, qPath, { issuesToAdd: [], issuesToRemove: [inc._id], tasksToAdd: [], tasksToRemove: [] }),
    );
    expect(question(removed).issues).toEqual([]);
  });

  it("a picture waiting shows from its file, the server's copy replaces it, a removal takes it away", () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:queued');
    const id = 'pending-0a0a0a0a-0000-4000-8000-0000000000bb';
    const add = change(calls.addNoteImage, qPath, null, { creates: id });
    add.command.multipart = { fields: {}, file: new Blob(['x']) };
    const queued = applyTwice(audit, add);
    expect(question(queued).noteImages).toEqual([{ _id: id, url: 'blob:queued' }]);
    const accepted = applyTwice(queued, { ...add, response: { _id: 'image-1', url: '/files/i1.jpg' } });
    expect(question(accepted).noteImages).toEqual([{ _id: 'image-1', url: '/files/i1.jpg' }]);
    expect(question(applyTwice(accepted, change(calls.removeNoteImage, { ...qPath, imageId: 'image-1' }, null))).noteImages).toEqual([]);
    vi.restoreAllMocks();
  });

  it('describes a change by its question and section, and a cover change by its kind only', () => {
    const command = (call: { name: string }, params: Record<string, string>, body: unknown): TCommand => ({ call: call.name, params, body });
    const subject = describeAuditChange(command(calls.setNote, qPath, { note: 'x' }), audit);
    expect(subject).toEqual({ kind: 'note', label: q.name, within: section.title, target: q._id, targetGroup: section._id });
    expect(describeAuditChange(command(calls.updateCover, base, {}), audit)).toMatchObject({
      kind: 'cover',
      label: null,
      target: null,
    });
    // Without the audit on the device, the kind still says what it was.
    expect(describeAuditChange(command(calls.setNote, qPath, {}), null)).toMatchObject({
      kind: 'note',
      label: null,
    });
    // An answer's removal names the answer only: its question is found by the answer's id.
    const answered = {
      ...audit,
      sections: audit.sections.map((s, i) =>
        i === 1
          ? {
              ...s,
              questions: [
                { ...q, answer: { _id: 'answer-7', templateAnswer: { type: 'select' as const, select: [OPTION.no] }, score: 0, failed: true, updatedAt: 'x' } },
                ...s.questions.slice(1),
              ],
            }
          : s,
      ),
    };
    expect(describeAuditChange(command(calls.removeAnswer, { ...base, answerId: 'answer-7' }, null), answered)).toMatchObject({
      kind: 'answer',
      target: q._id,
    });
  });
});
