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

  it('an answer updated keeps its id and is scored again; contacts; a description and its clearing', () => {
    const answered = applyTwice(
      audit,
      change(
        calls.addAnswer,
        base,
        { section: section._id, question: q._id, templateAnswer: { type: 'select', select: [OPTION.no] } },
        { creates: 'pending-a' },
      ),
    );
    const updated = applyTwice(
      answered,
      change(
        calls.updateAnswer,
        { ...base, answerId: 'pending-a' },
        { section: section._id, question: q._id, templateAnswer: { type: 'select', select: [OPTION.yes] } },
      ),
    );
    expect(question(updated).answer).toMatchObject({ _id: 'pending-a', failed: false, score: 1, updatedAt: '2026-01-01T00:00:00.000Z' });
    // A removal naming an answer no question has changes nothing.
    expect(applyAuditChange(updated, change(calls.removeAnswer, { ...base, answerId: 'gone' }, null))).toBe(updated);
    const contact = audit.sections.flatMap((s) => s.fields ?? []).at(-1)!;
    const contacted = applyTwice(audit, change(calls.updateContacts, base, { contactFields: [{ _id: contact._id, value: 'Ana' }] }));
    expect(contacted.sections.flatMap((s) => s.fields ?? []).find((f) => f._id === contact._id)!.value).toBe('Ana');
    const inc = q.incidences[1]!;
    const raised = applyTwice(audit, change(calls.changeIssuesTasks, qPath, { issuesToAdd: [inc._id] }));
    const described = applyTwice(raised, change(calls.updateIssueDescription, qPath, { issue: inc._id, description: 'Suelo mojado' }));
    expect(question(described).issues[0]!.description).toBe('Suelo mojado');
    expect(
      question(applyTwice(described, change(calls.updateIssueDescription, qPath, { issue: inc._id, description: null }))).issues[0]!.description,
    ).toBeNull();
  });

  it('a task selected raises its issue with that task only; unselected, the issue stays with the task off', () => {
    const inc = { ...q.incidences[0]!, tasks: [...q.incidences[0]!.tasks, { _id: 'task-2', name: 'Second' }] };
    const withTwo = {
      ...audit,
      sections: audit.sections.map((s, i) => (i === 1 ? { ...s, questions: [{ ...q, incidences: [inc] }, ...s.questions.slice(1)] } : s)),
    };
    const task = { issue: inc._id, task: 'task-2' };
    const raised = applyTwice(withTwo, change(calls.changeIssuesTasks, qPath, { tasksToAdd: [task] }));
    expect(question(raised).issues).toEqual([
      expect.objectContaining({
        templateIssue: inc._id,
        selected: true,
        tasks: [expect.objectContaining({ selected: false }), expect.objectContaining({ _id: 'task-2', selected: true })],
      }),
    ]);
    const off = applyTwice(raised, change(calls.changeIssuesTasks, qPath, { tasksToRemove: [task] }));
    expect(question(off).issues[0]).toMatchObject({ selected: true, tasks: [{ selected: false }, { selected: false }] });
  });

  it("an evidence waiting shows on its issue from its file, the server's copy replaces it, a removal takes it away", () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:evidence');
    const inc = q.incidences[0]!;
    const raised = applyAuditChange(audit, change(calls.changeIssuesTasks, qPath, { issuesToAdd: [inc._id] }));
    const id = 'pending-0a0a0a0a-0000-4000-8000-0000000000cc';
    const add = change(calls.addEvidence, qPath, null, { creates: id });
    add.command.multipart = { fields: { issue: inc._id }, file: new Blob(['x']) };
    const queued = applyTwice(raised, add);
    expect(question(queued).issues[0]!.evidences).toEqual([{ _id: id, type: 'photo', url: 'blob:evidence', observation: null }]);
    const saved = { _id: 'evidence-1', type: 'photo' as const, url: '/files/e1.jpg', observation: null };
    const accepted = applyTwice(queued, { ...add, response: saved });
    expect(question(accepted).issues[0]!.evidences).toEqual([saved]);
    expect(question(applyTwice(accepted, change(calls.removeEvidence, { ...qPath, evidenceId: 'evidence-1' }, null))).issues[0]!.evidences).toEqual([]);
    vi.restoreAllMocks();
  });

  it("a reading place renamed: the body's name while queued, the server's once accepted; another place keeps its name", () => {
    const reading = audit.sections.flatMap((s) => s.questions).find((x) => x.readingRegistry)!;
    const sectionOf = audit.sections.find((s) => s.questions.includes(reading))!;
    const [first, second] = reading.readingRegistry!.placesMeasure;
    const params = { ...base, sectionId: sectionOf._id, questionId: reading._id, placeId: first!._id };
    const placesOf = (a: TAudit) => a.sections.flatMap((s) => s.questions).find((x) => x._id === reading._id)!.readingRegistry!.placesMeasure;
    const rename = change(calls.renamePlace, params, { place: 'Cámara 1' });
    expect(placesOf(applyTwice(audit, rename)).map((p) => p.place)).toEqual(['Cámara 1', second!.place, 'Fridge 3']);
    const accepted = applyTwice(audit, { ...rename, response: { ...first!, place: 'Cámara uno' } });
    expect(placesOf(accepted)[0]).toEqual({ ...first, place: 'Cámara uno' });
    // A place no question has, or the same name: the same audit.
    expect(applyAuditChange(audit, change(calls.renamePlace, { ...params, placeId: 'nowhere' }, { place: 'X' }))).toBe(audit);
    expect(applyAuditChange(audit, change(calls.renamePlace, params, { place: first!.place }))).toBe(audit);
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
