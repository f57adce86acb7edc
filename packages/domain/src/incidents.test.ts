import { describe, expect, it } from 'vitest';
import {
  INCIDENT_STATUSES,
  actorOf,
  mayMove,
  mayMoveTask,
  mayResolve,
  statusAfterRejection,
  statusAfterTasks,
  statusFilterParts,
  statusesOf,
  transitionsFrom,
  type TIncidentStatus,
} from './incidents.js';

const done = { status: 'complete', verified: true } as const;
const completeUnverified = { status: 'complete', verified: false } as const;
const running = { status: 'running', verified: false } as const;

describe('the audit incident machine, transition by transition (decision 0038)', () => {
  const table: [TIncidentStatus, TIncidentStatus, 'staff' | 'client' | 'any'][] = [
    ['running', 'escalated_to_client', 'staff'],
    ['running', 'resolved', 'staff'],
    ['running', 'superseded', 'staff'],
    ['escalated_to_client', 'action_plan_agreed', 'client'],
    ['escalated_to_client', 'no_response', 'staff'],
    ['escalated_to_client', 'resolved', 'staff'],
    ['no_response', 'escalated_to_client', 'staff'],
    ['action_plan_agreed', 'completed_by_client', 'client'],
    ['completed_by_client', 'evidence_pending_review', 'any'],
    ['evidence_pending_review', 'evidence_rejected', 'staff'],
    ['evidence_pending_review', 'resolved', 'staff'],
    ['evidence_rejected', 'escalated_to_client', 'staff'],
    ['evidence_rejected', 'superseded', 'staff'],
  ];
  it.each(table)('%s → %s is taken by %s', (from, to, actor) => {
    expect(actorOf('audits', from, to)).toBe(actor);
  });
  it('allows exactly the moves of the table and nothing else', () => {
    const allowed = new Set(table.map(([from, to]) => `${from}>${to}`));
    for (const from of statusesOf('audits'))
      for (const to of INCIDENT_STATUSES) {
        const expected =
          allowed.has(`${from}>${to}`) || (to === 'resolved' || to === 'superseded' ? !['resolved', 'solvedInPlace', 'superseded'].includes(from) : false);
        expect(actorOf('audits', from, to) !== null, `${from} → ${to}`).toBe(expected);
      }
  });
  it('has no way out of the final statuses', () => {
    for (const from of ['resolved', 'solvedInPlace', 'superseded'] as const) expect(transitionsFrom('audits', from)).toEqual({});
  });
  it('gives the client its two moves and refuses them to staff, and the reverse', () => {
    expect(mayMove('audits', 'escalated_to_client', 'action_plan_agreed', false)).toBe(true);
    expect(mayMove('audits', 'escalated_to_client', 'action_plan_agreed', true)).toBe(false);
    expect(mayMove('audits', 'running', 'escalated_to_client', false)).toBe(false);
    expect(mayMove('audits', 'completed_by_client', 'evidence_pending_review', false)).toBe(true);
    expect(mayMove('audits', 'completed_by_client', 'evidence_pending_review', true)).toBe(true);
    expect(mayMove('audits', 'running', 'draft', true)).toBe(false);
  });
});

describe('others and measurement incidents', () => {
  it('go draft → running → resolved and know no escalation', () => {
    expect(actorOf('others', 'draft', 'running')).toBe('any');
    expect(actorOf('others', 'running', 'resolved')).toBe('staff');
    expect(actorOf('others', 'draft', 'resolved')).toBe('staff');
    expect(actorOf('others', 'running', 'escalated_to_client')).toBeNull();
    expect(actorOf('others', 'running', 'superseded')).toBeNull();
    expect(statusesOf('others')).toEqual(['draft', 'running', 'resolved', 'solvedInPlace']);
  });
  it('a measurement may be marked solved in place once open; an "others" one may not', () => {
    expect(actorOf('measurements', 'running', 'solvedInPlace')).toBe('staff');
    expect(actorOf('measurements', 'draft', 'solvedInPlace')).toBeNull();
    expect(actorOf('others', 'running', 'solvedInPlace')).toBeNull();
  });
  it('the audits list never offers draft (an audit issue is a draft only inside its run)', () => {
    expect(statusesOf('audits')).not.toContain('draft');
  });
});

describe('corrective actions: toDo → running → complete', () => {
  it.each([
    ['toDo', 'running', true],
    ['toDo', 'complete', false],
    ['running', 'complete', true],
    ['running', 'toDo', true],
    ['complete', 'running', true],
    ['complete', 'toDo', false],
    ['toDo', 'toDo', false],
  ] as const)('%s → %s: %s', (from, to, ok) => {
    expect(mayMoveTask(from, to)).toBe(ok);
  });
});

describe('error 590 and verification', () => {
  it('needs at least one complete and verified action, and none still open', () => {
    expect(mayResolve([])).toBe(false);
    expect(mayResolve([completeUnverified])).toBe(false);
    expect(mayResolve([done])).toBe(true);
    expect(mayResolve([done, running])).toBe(false);
    expect(mayResolve([done, completeUnverified])).toBe(true);
  });
  it('resolves the incident by itself when the last action is verified', () => {
    expect(statusAfterTasks('audits', 'evidence_pending_review', [done, done])).toBe('resolved');
    expect(statusAfterTasks('others', 'running', [done])).toBe('resolved');
    expect(statusAfterTasks('audits', 'running', [done, completeUnverified])).toBe('evidence_pending_review');
    expect(statusAfterTasks('others', 'running', [completeUnverified])).toBeNull();
    expect(statusAfterTasks('audits', 'running', [running])).toBeNull();
    expect(statusAfterTasks('audits', 'superseded', [done])).toBeNull();
    expect(statusAfterTasks('others', 'draft', [done])).toBeNull();
  });
  it('a rejected evidence sends an audit incident under review to evidence_rejected', () => {
    expect(statusAfterRejection('audits', 'evidence_pending_review')).toBe('evidence_rejected');
    expect(statusAfterRejection('audits', 'running')).toBeNull();
    expect(statusAfterRejection('others', 'evidence_pending_review')).toBeNull();
  });
});

describe('the status filter of §4', () => {
  it('splits resolved and solvedInPlace from the plain statuses; solved reads as resolved', () => {
    expect(statusFilterParts(['resolved'])).toEqual({ statuses: [], resolved: true, solvedInPlace: false });
    expect(statusFilterParts(['solved', 'solvedInPlace', 'running'])).toEqual({ statuses: ['running'], resolved: true, solvedInPlace: true });
    expect(statusFilterParts(['bogus'])).toEqual({ statuses: [], resolved: false, solvedInPlace: false });
  });
});
