import { describe, expect, it, vi } from 'vitest';
import { fileCalls } from '@audit/domain/calls/files';
import { incidentCalls, taskCalls } from '@audit/domain/calls/incidents';
import type { TCommentOut, TIncidentDetail, TIncidentTaskOut } from '@audit/domain/incidents';
import { applyChange } from '../../../offline/commands';
import type { TChange } from '../../../offline/resources';
import { describeIncidentChange, incidentCommands, type TIncidentCopy } from './incidentChanges';

const applyIncidentChange = (copy: TIncidentCopy, change: TChange) => applyChange(incidentCommands, copy, change);

const task = (over: Partial<TIncidentTaskOut> = {}): TIncidentTaskOut =>
  ({ _id: 't1', incidentId: 'i1', name: 'Cambiar la junta', status: 'toDo', images: [], ...over }) as TIncidentTaskOut;
const incident = { _id: 'i1', name: 'Suciedad', openTasks: 1, tasks: [task()] } as unknown as TIncidentDetail;
const change = (call: { name: string }, params: Record<string, string>, body: unknown, extra: Partial<TChange> = {}): TChange => ({
  command: { call: call.name, params, body },
  creates: null,
  key: 'k1',
  createdAt: '2026-11-27T00:00:00Z',
  ...extra,
});

describe('an incident’s corrective actions offline', () => {
  it('queues only an action’s status, its photo and the photo’s upload, and a new comment (never its edit or removal)', () => {
    const queued = Object.values(incidentCommands)
      .filter((c) => !c.online)
      .map((c) => c.call.name);
    expect(queued.sort()).toEqual([incidentCalls.addComment.name, taskCalls.update.name, taskCalls.addImage.name, fileCalls.image.name].sort());
    for (const other of [taskCalls.verify, taskCalls.remove, incidentCalls.updateComment, incidentCalls.removeComment])
      expect(incidentCommands[other.name]).toBeUndefined();
  });

  it('a queued comment shows last, once, as waiting; the server’s answer is the comments as they are', () => {
    const first: TCommentOut = {
      _id: 'c1',
      text: 'Avisado el proveedor',
      author: { _id: 'u1', name: 'Carmen Cliente' },
      createdAt: '2026-11-26T10:00:00Z',
      updatedAt: '2026-11-26T10:00:00Z',
      can: { update: true, delete: true },
    };
    const copy = { ...incident, comments: [first] };
    const comment = change(incidentCalls.addComment, { id: 'i1' }, { text: 'Junta pedida\u0000 al taller' }, { key: 'k7' });
    const waiting = applyIncidentChange(copy, comment);
    expect(waiting.comments).toEqual([
      first,
      {
        _id: 'pending-k7',
        text: 'Junta pedida\u0000 al taller',
        author: { _id: '', name: '' },
        createdAt: '2026-11-27T00:00:00Z',
        updatedAt: '2026-11-27T00:00:00Z',
        can: { update: false, delete: false },
      },
    ]);
    expect(applyIncidentChange(waiting, comment)).toEqual(waiting);
    expect(waiting.tasks).toBe(incident.tasks);
    // A copy kept before comments waited offline has none: the waiting one is the first.
    expect(applyIncidentChange(incident, comment).comments?.map((c) => c._id)).toEqual(['pending-k7']);
    // A body that is not a comment changes nothing.
    expect(applyIncidentChange(copy, change(incidentCalls.addComment, { id: 'i1' }, null))).toEqual(copy);
    const sent = { ...first, _id: 'c2', text: 'Junta pedida al taller' };
    expect(applyIncidentChange(waiting, { ...comment, response: [first, sent] }).comments).toEqual([first, sent]);
  });

  it('a queued status shows on the copy; the server’s answer replaces the action; twice is once', () => {
    const moved = applyIncidentChange(incident, change(taskCalls.update, { id: 't1' }, { status: 'complete' }));
    expect(moved.tasks[0]!.status).toBe('complete');
    expect(moved.openTasks).toBe(0);
    expect(applyIncidentChange(moved, change(taskCalls.update, { id: 't1' }, { status: 'complete' }))).toEqual(moved);
    const answer = task({ status: 'running', name: 'Cambiar la junta (servidor)' });
    expect(applyIncidentChange(incident, change(taskCalls.update, { id: 't1' }, { status: 'running' }, { response: answer })).tasks[0]).toEqual(answer);
  });

  it('a queued photo shows from its queued file, once, as waiting', () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValueOnce('blob:original').mockReturnValueOnce('blob:marked');
    const file = new Blob(['x'], { type: 'image/jpeg' });
    const upload = (creates: string) => {
      const c = change(fileCalls.image, {}, null, { creates });
      c.command.multipart = { fields: {}, file };
      return c;
    };
    let copy = applyIncidentChange(incident, upload('pending-a'));
    copy = applyIncidentChange(copy, upload('pending-b'));
    expect(copy).toEqual(incident);
    const link = change(taskCalls.addImage, { id: 't1' }, { fileId: 'pending-a', annotatedFileId: 'pending-b' });
    copy = applyIncidentChange(applyIncidentChange(copy, link), link);
    expect(copy.tasks[0]!.images).toEqual([
      { _id: 'pending-k1', fileId: 'pending-a', annotatedFileId: 'pending-b', url: 'blob:marked', originalUrl: 'blob:original' },
    ]);
  });

  it('a refused change names its action within its incident', () => {
    expect(describeIncidentChange(change(taskCalls.update, { id: 't1' }, { status: 'running' }).command, incident)).toEqual({
      kind: 'taskStatus',
      label: 'Cambiar la junta',
      within: 'Suciedad',
      target: 't1',
      targetGroup: null,
    });
    const long = 'La junta de la cámara llegó rota y el proveedor enviará otra el lunes por la mañana, antes de la apertura';
    expect(describeIncidentChange(change(incidentCalls.addComment, { id: 'i1' }, { text: long }).command, incident)).toEqual({
      kind: 'comment',
      label: `${long.slice(0, 60)}…`,
      within: 'Suciedad',
      target: null,
      targetGroup: null,
    });
  });
});
