import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createRunnableTemplate, createTemplateRefs } from '../../test/templates.js';
import { withScope } from '../../platform/tenancy.js';
import { auditTemplates, templateIncidents, templateQuestions, templateSections } from './tables.js';

/**
 * The second line of tenancy for templates: with no predicate in the query at all, Row Level Security
 * hides another tenant's template rows, shows the company's rows to a client space (catalogue), and
 * refuses writes outside the caller's space, on PGlite and PostgreSQL alike.
 */
let t: TTestApp;
let a: TTenant;
let b: TTenant;
let built: Awaited<ReturnType<typeof createRunnableTemplate>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'trls');
  b = await createTenant(t.db, 'trlsb');
  const admin = (await signIn(t.app, a.admin.email)).api;
  built = await createRunnableTemplate(admin, await createTemplateRefs(admin));
});
afterAll(() => t.close());

const scopeOf = (tenant: TTenant, space = tenant.root) => ({ spaceId: space.id, spacePath: space.path, userId: tenant.admin.id });
const dbError = (work: Promise<unknown>) =>
  work.then(
    () => 'no error',
    (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
  );

describe('row level security on template tables', () => {
  it("hides another tenant's templates and shows the company's to its client spaces", async () => {
    const fromB = await withScope(t.db, scopeOf(b), async (tx) => [
      ...(await tx.select({ id: auditTemplates.id }).from(auditTemplates)),
      ...(await tx.select({ id: templateSections.id }).from(templateSections)),
      ...(await tx.select({ id: templateQuestions.id }).from(templateQuestions)),
      ...(await tx.select({ id: templateIncidents.id }).from(templateIncidents)),
    ]);
    expect(fromB).toEqual([]);
    const fromClient = await withScope(t.db, scopeOf(a, a.client), (tx) => tx.select({ id: templateQuestions.id }).from(templateQuestions));
    expect(fromClient.map((r) => r.id)).toEqual([built.question]);
  });

  it('refuses writes from another tenant or from a client space below the template', async () => {
    const insert = withScope(t.db, scopeOf(b), (tx) =>
      tx.insert(templateSections).values({ templateId: built.template, spaceId: a.root.id, secureSpacePath: a.root.path, title: 'Intrusa', type: 'QUESTION' }),
    );
    expect(await dbError(insert)).toMatch(/row-level security/);
    for (const scope of [scopeOf(b), scopeOf(a, a.client)]) {
      const updated = await withScope(t.db, scope, (tx) =>
        tx
          .update(templateQuestions)
          .set({ name: 'Hacked' })
          .where(sql`${templateQuestions.id} = ${built.question}`)
          .returning({ id: templateQuestions.id }),
      );
      expect(updated).toEqual([]);
      const deleted = await withScope(t.db, scope, (tx) =>
        tx
          .delete(auditTemplates)
          .where(sql`${auditTemplates.id} = ${built.template}`)
          .returning({ id: auditTemplates.id }),
      );
      expect(deleted).toEqual([]);
    }
  });
});
