import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TAnswerInput } from '@audit/domain/audits';
import type { TQuestionConfig } from '@audit/domain/templates';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { addSpace, addUser, createTenant, type TTenant } from '../../test/factories.js';
import { AUDITS, auditBody, auditIds, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';
import { expectOk } from '../../test/templates.js';
import type { TAuth } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { accessListsOf, createIdentityLoader } from '../../platform/identity.js';
import { unsafeUnscoped, withScope } from '../../platform/tenancy.js';
import { forgetQuestions, rememberQuestion, trySaveAnswerFast, trySaveAnswerKeyed } from './answer-fast.js';
import { saveAnswerIn } from './answers.js';
import { presentAnswer } from './present.js';
import { auditAnswers } from './tables.js';

/**
 * The answer's hot path states two rules twice (docs/decisions/0071): who may answer a question
 * (policy.ts + access.loadRunnableQuestion in TypeScript; the WHERE of audit_answer_fast, migration
 * 0009, and of audit_answer_keyed, migration 0036, in SQL) and the answer's JSON (present.ts's
 * presentAnswer; 0036's json_build_object). These tests are the one source's guard: they run the
 * real SQL functions (through answer-fast.ts, with the values it sends) and the TypeScript path
 * (saveAnswerIn with no known question: the full path, which names the error) on the same rows, and
 * fail when the two disagree. A change to either side that is not made to the other fails here.
 */
let t: TTestApp;
let f: TAuditTenant;
/** Another company (its users only: the audits are all `f`'s). */
let foreign: TTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'hpr');
  foreign = await createTenant(t.db, 'hprx');
}, 300_000);
afterAll(() => t.close());

/** The caller as the authentication hook builds it (platform/auth.ts authOf), for a user in a space. */
async function callerOf(userId: string, space: { id: string; path: string }): Promise<TAuth> {
  const row = await createIdentityLoader(t.db).load(userId, space.path);
  if (!row) throw new Error('no identity');
  const permissions = row.permissions ?? [];
  return {
    userId,
    spaceId: space.id,
    spacePath: space.path,
    permissions,
    roles: row.roles ?? [],
    isAdmin: permissions.includes('ADMIN') || row.super_admin === true,
    isAuditor: row.is_auditor,
    access: accessListsOf(row),
    language: row.language,
  };
}

type TWho = 'auditor' | 'otherAuditor' | 'admin' | 'client' | 'auditorElsewhere' | 'foreignAuditor' | 'foreignAdmin';
type TAuditState = 'running' | 'finished' | 'draft';
type TChange = 'none' | 'questionRemoved' | 'sectionRemoved' | 'wrongSection';
type TAnswerRef = 'none' | 'own' | 'otherQuestion' | 'missing';

async function caller(who: TWho): Promise<TAuth> {
  const { tenant } = f;
  switch (who) {
    case 'auditor':
      return callerOf(tenant.auditor.id, tenant.root);
    case 'admin':
      return callerOf(tenant.admin.id, tenant.root);
    case 'client':
      return callerOf(tenant.clientUser.id, tenant.client);
    case 'otherAuditor': {
      const other = await addUser(t.db, {
        email: `other.${tenant.tag}.${Math.random().toString(36).slice(2)}@example.com`,
        firstName: 'Otro',
        home: tenant.root,
        roleIds: [tenant.roles.auditor!],
        isAuditor: true,
      });
      return callerOf(other.id, tenant.root);
    }
    case 'auditorElsewhere': {
      // The audit's own auditor, acting in another client of the same company: the audit is outside its scope.
      const sibling = await addSpace(t.db, { name: `Sibling ${Math.random().toString(36).slice(2)}`, parent: tenant.root });
      return { ...(await callerOf(tenant.auditor.id, tenant.root)), spaceId: sibling.id, spacePath: sibling.path };
    }
    case 'foreignAuditor':
      return callerOf(foreign.auditor.id, foreign.root);
    case 'foreignAdmin':
      return callerOf(foreign.admin.id, foreign.root);
  }
}

/**
 * An audit in the state asked for, with answers already given to `pests` and `floors` (for the
 * answer ids). Cases that change no row of the audit share one per state (a save is an upsert of
 * the question's one answer: it changes no case's outcome); the others get their own.
 */
const shared = new Map<TAuditState, ReturnType<typeof newAuditIn>>();
const auditIn = (state: TAuditState, change: TChange) => {
  if (change === 'questionRemoved' || change === 'sectionRemoved') return newAuditIn(state);
  if (!shared.has(state)) shared.set(state, newAuditIn(state));
  return shared.get(state)!;
};

async function newAuditIn(state: TAuditState) {
  if (state === 'draft') {
    const created = await expectOk(f.admin.post(AUDITS, auditBody(f)));
    const audit = await expectOk(f.admin.get(`${AUDITS}/${created._id}`));
    return { id: created._id as string, ids: auditIds(audit), pestsAnswer: null, floorsAnswer: null };
  }
  const { id, ids } = await runningAudit(f);
  const pests = await expectOk(
    f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.pests, templateAnswer: select(f.tpl.pestsOptions[0]!) }),
  );
  const floors = await expectOk(
    f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) }),
  );
  if (state === 'finished') await unsafeUnscoped(t.db, (tx) => tx.execute(sql`update audits set status = 'finished' where id = ${id}`));
  return { id, ids, pestsAnswer: pests._id as string, floorsAnswer: floors._id as string };
}

const question = async (id: string) =>
  (await unsafeUnscoped(t.db, (tx) => tx.execute<{ type: string; config: TQuestionConfig }>(sql`select type, config from audit_questions where id = ${id}`)))
    .rows[0]!;

let keys = 0;
/** A select answer, typed as the domain's input. */
const chosen = (option: string) => ({ type: 'select' as const, select: [option] });

/**
 * The three outcomes of one answer on the same rows: the SQL of audit_answer_fast and of
 * audit_answer_keyed ('saved' or 'refused': they never name an error) and the TypeScript rule
 * ('saved' or the error's reference). Each runs in its own statement or transaction; a refusal
 * writes nothing, and a save is an upsert of the question's one answer, so the order does not
 * change the next one's outcome.
 */
async function outcomes(who: TWho, state: TAuditState, change: TChange, answer: TAnswerRef) {
  const { id, ids, pestsAnswer, floorsAnswer } = await auditIn(state, change);
  const known = await question(ids.floors);
  let section = ids.facilities;
  if (change === 'questionRemoved') await unsafeUnscoped(t.db, (tx) => tx.execute(sql`delete from audit_questions where id = ${ids.floors}`));
  if (change === 'sectionRemoved') await unsafeUnscoped(t.db, (tx) => tx.execute(sql`delete from audit_sections where id = ${ids.facilities}`));
  if (change === 'wrongSection') section = ids.records;
  const answerId = {
    none: undefined,
    own: floorsAnswer ?? undefined,
    otherQuestion: pestsAnswer ?? undefined,
    missing: '00000000-0000-4000-8000-000000000000',
  }[answer];
  const input: TAnswerInput = { section, question: ids.floors, templateAnswer: chosen(f.tpl.options.yes) };
  const who_ = await caller(who);

  // The SQL: answer-fast.ts as a server that already knows the question calls it.
  rememberQuestion(ids.floors, known);
  const fast = (await trySaveAnswerFast(t.db, who_, id, input, answerId)) ? 'saved' : 'refused';
  rememberQuestion(ids.floors, known);
  const key = { key: `hpr-${++keys}`, method: 'POST', url: `${AUDITS}/${id}/answer/add` };
  const keyed = (await trySaveAnswerKeyed(t.db, who_, key, id, input, answerId))?.outcome === 'saved' ? 'saved' : 'refused';

  // The TypeScript: the full path (no known question), which the fast path falls back to.
  forgetQuestions();
  let full: string;
  try {
    await withScope(t.db, who_, (tx) => saveAnswerIn(tx, who_, id, input, answerId));
    full = 'saved';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    full = error.reference;
  }
  forgetQuestions();
  return { fast, keyed, full };
}

/**
 * Every case and what the TypeScript rule answers (the route's own guard, AUDIT:WRITE, runs before
 * both paths and is not part of either rule). The SQL must save exactly when TypeScript saves.
 */
/** The catalogue's reference of a not found (not the HTTP status). */
const NOT_FOUND = notFound().reference;

const CASES: [TWho, TAuditState, TChange, TAnswerRef, string][] = [
  ['auditor', 'running', 'none', 'none', 'saved'],
  ['auditor', 'running', 'none', 'own', 'saved'],
  ['admin', 'running', 'none', 'none', 'saved'],
  ['admin', 'running', 'none', 'own', 'saved'],
  ['otherAuditor', 'running', 'none', 'none', '494'],
  ['client', 'running', 'none', 'none', NOT_FOUND],
  ['client', 'finished', 'none', 'none', '452'],
  ['auditorElsewhere', 'running', 'none', 'none', NOT_FOUND],
  ['foreignAuditor', 'running', 'none', 'none', NOT_FOUND],
  ['foreignAdmin', 'running', 'none', 'none', NOT_FOUND],
  ['auditor', 'finished', 'none', 'none', 'AUD0002'],
  ['admin', 'finished', 'none', 'none', 'AUD0002'],
  ['auditor', 'draft', 'none', 'none', 'AUD0002'],
  ['admin', 'draft', 'none', 'none', 'AUD0002'],
  ['auditor', 'running', 'questionRemoved', 'none', NOT_FOUND],
  ['admin', 'running', 'questionRemoved', 'none', NOT_FOUND],
  ['auditor', 'running', 'sectionRemoved', 'none', NOT_FOUND],
  ['auditor', 'running', 'wrongSection', 'none', '400'],
  ['admin', 'running', 'wrongSection', 'none', '400'],
  ['auditor', 'running', 'none', 'otherQuestion', '400'],
  ['auditor', 'running', 'none', 'missing', NOT_FOUND],
  ['otherAuditor', 'running', 'none', 'own', '494'],
  ['foreignAdmin', 'running', 'none', 'own', NOT_FOUND],
];

describe('who may answer: the SQL functions and the TypeScript rule agree', () => {
  it.each(CASES)('%s, %s audit, change %s, answer id %s: TypeScript %s', async (who, state, change, answer, expected) => {
    const { fast, keyed, full } = await outcomes(who, state, change, answer);
    expect(full).toBe(expected);
    const sqlOutcome = full === 'saved' ? 'saved' : 'refused';
    expect({ fast, keyed }).toEqual({ fast: sqlOutcome, keyed: sqlOutcome });
  });
});

describe("the answer's JSON: audit_answer_keyed's json_build_object and presentAnswer agree", () => {
  const answers = (ids: ReturnType<typeof auditIds>): [string, string, TAnswerInput['templateAnswer']][] => [
    [ids.facilities, ids.floors, chosen(f.tpl.options.yes)],
    [ids.facilities, ids.floors, chosen(f.tpl.options.no)],
    [ids.facilities, ids.pests, chosen(f.tpl.pestsOptions[0]!)],
    [ids.records, ids.count, { type: 'number', number: 4 }],
    [ids.records, ids.notes, { type: 'paragraph', paragraph: 'Ñandú "comillas" \\ y\nlínea' }],
  ];

  it('has the same keys and values, for every kind of answer, as GET shows the stored row', async () => {
    const { id, ids } = await runningAudit(f);
    const who = await caller('auditor');
    for (const [section, questionId, templateAnswer] of answers(ids)) {
      rememberQuestion(questionId, await question(questionId));
      const key = { key: `hpr-json-${++keys}`, method: 'POST', url: `${AUDITS}/${id}/answer/add` };
      const keyed = await trySaveAnswerKeyed(t.db, who, key, id, { section, question: questionId, templateAnswer });
      expect(keyed?.outcome, JSON.stringify(templateAnswer)).toBe('saved');
      const [row] = await unsafeUnscoped(t.db, (tx) => tx.select().from(auditAnswers).where(eq(auditAnswers.questionId, questionId)));
      const fromSql = JSON.parse(keyed!.body!) as Record<string, unknown>;
      const fromTs = presentAnswer(row!);
      expect(Object.keys(fromSql).sort()).toEqual(Object.keys(fromTs).sort());
      expect(fromSql).toEqual(fromTs);
    }
    forgetQuestions();
  });
});
