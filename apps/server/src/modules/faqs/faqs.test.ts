import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../seed/build.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { addUser, createTenant, signIn, type TTenant } from '../../test/factories.js';
import { createTestApp, type TApiClient, type TTestApp } from '../../test/harness.js';

const FAQS = '/ms-core/api/faqs';
type TSession = { api: TApiClient };

let t: TTestApp;
let tenant: TTenant;
let other: TTenant;
let admin: TSession;
let auditor: TSession;
let client: TSession;
let otherAdmin: TSession;

beforeAll(async () => {
  t = await createTestApp();
  [tenant, other] = [await createTenant(t.db, 'faq'), await createTenant(t.db, 'faqo')];
  [admin, auditor, client, otherAdmin] = await Promise.all([
    signIn(t.app, tenant.admin.email),
    signIn(t.app, tenant.auditor.email),
    signIn(t.app, tenant.clientUser.email),
    signIn(t.app, other.admin.email),
  ]);
});
afterAll(() => t.close());

const faq = (audience: string, es: [string, string] | null, en: [string, string] | null) => ({
  audience,
  question: { es: es?.[0] ?? null, en: en?.[0] ?? null },
  answer: { es: es?.[1] ?? null, en: en?.[1] ?? null },
});

async function create(api: TApiClient, body: object) {
  const res = await api.post(FAQS, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { _id: string; position: number };
}

const questions = (res: { body: { question: { es: string | null; en: string | null } }[] }, language: 'es' | 'en' = 'es') =>
  res.body.map((f) => f.question[language] ?? f.question[language === 'es' ? 'en' : 'es']);

describe('FAQs: writing and reading by audience', () => {
  let ids: Record<'all' | 'client' | 'auditor', string>;

  beforeAll(async () => {
    ids = {
      all: (
        await create(
          admin.api,
          faq('ALL', ['¿Qué es la Higiene alimentaria?', 'La **higiene** de los alimentos.'], ['What is food Hygiene?', 'Food **hygiene**.']),
        )
      )._id,
      client: (await create(admin.api, faq('CLIENT', ['¿Cómo veo mis auditorías?', 'En *Auditorías*.'], ['How do I see my audits?', 'In *Audits*.'])))._id,
      auditor: (await create(admin.api, faq('AUDITOR', ['¿Puedo trabajar sin conexión?', 'Sí, con [la app](https://example.com).'], null)))._id,
    };
  });

  it('creates each FAQ last, with both languages, and answers what the caller may do', async () => {
    const list = await admin.api.post(`${FAQS}/search`, { size: 50 });
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(list.body.map((f: { _id: string }) => f._id)).toEqual([ids.all, ids.client, ids.auditor]);
    expect(list.body.map((f: { position: number }) => f.position)).toEqual([1, 2, 3]);
    expect(list.body[0]).toMatchObject({
      audience: 'ALL',
      question: { es: '¿Qué es la Higiene alimentaria?', en: 'What is food Hygiene?' },
      answer: { es: 'La **higiene** de los alimentos.', en: 'Food **hygiene**.' },
      space: tenant.root.id,
      can: { update: true, delete: true },
    });
    expect(list.body[2].question).toEqual({ es: '¿Puedo trabajar sin conexión?', en: null });
  });

  it('shows the auditor the auditors’ and everyone’s FAQs, the client the clients’ and everyone’s, read only', async () => {
    const mine = await auditor.api.post(`${FAQS}/search`, { view: 'AUDITOR' });
    expect(mine.body.map((f: { _id: string }) => f._id)).toEqual([ids.all, ids.auditor]);
    expect(mine.body[0].can).toEqual({ update: false, delete: false });
    // Without a view, each reads their own.
    expect((await auditor.api.post(`${FAQS}/search`, {})).body.map((f: { _id: string }) => f._id)).toEqual([ids.all, ids.auditor]);
    const theirs = await client.api.post(`${FAQS}/search`, { view: 'CLIENT' });
    expect(theirs.body.map((f: { _id: string }) => f._id)).toEqual([ids.all, ids.client]);
    expect((await client.api.post(`${FAQS}/search`, {})).body.map((f: { _id: string }) => f._id)).toEqual([ids.all, ids.client]);
    // The other view shows them only everyone's FAQs; the administrators preview both whole.
    expect((await client.api.post(`${FAQS}/search`, { view: 'AUDITOR' })).body.map((f: { _id: string }) => f._id)).toEqual([ids.all]);
    expect((await auditor.api.post(`${FAQS}/search`, { view: 'CLIENT' })).body.map((f: { _id: string }) => f._id)).toEqual([ids.all]);
    expect((await client.api.post(`${FAQS}/search`, { filters: [{ field: 'audience', value: 'AUDITOR' }] })).body).toEqual([]);
    expect((await admin.api.post(`${FAQS}/search`, { view: 'AUDITOR' })).body.map((f: { _id: string }) => f._id)).toEqual([ids.all, ids.auditor]);
    // The administrator filters by audience.
    const onlyClient = await admin.api.post(`${FAQS}/search`, { filters: [{ field: 'audience', value: 'CLIENT' }] });
    expect(onlyClient.body.map((f: { _id: string }) => f._id)).toEqual([ids.client]);
  });

  it('searches the question and the answer in the asked language, without caring for accents or capitals', async () => {
    const es = (search: string) => client.api.post(`${FAQS}/search`, { view: 'CLIENT', language: 'es', search });
    const en = (search: string) => client.api.post(`${FAQS}/search`, { view: 'CLIENT', language: 'en', search });
    expect(questions(await es('higiene'))).toEqual(['¿Qué es la Higiene alimentaria?']);
    expect(questions(await es('AUDITORÍAS'))).toEqual(['¿Cómo veo mis auditorías?']);
    expect(questions(await es('auditorias'))).toEqual(['¿Cómo veo mis auditorías?']);
    // The answer's Markdown marks are not text: "la higiene" matches "La **higiene**".
    expect(questions(await es('la higiene de'))).toEqual(['¿Qué es la Higiene alimentaria?']);
    expect(questions(await en('hygiene'), 'en')).toEqual(['What is food Hygiene?']);
    expect(questions(await en('IN AUDITS'), 'en')).toEqual(['How do I see my audits?']);
    // Each language searches its own texts.
    expect((await en('higiene')).body).toEqual([]);
    expect((await es('hygiene')).body).toEqual([]);
    // Without `language`, the request's language.
    const english = await client.api.call('POST', `${FAQS}/search`, { view: 'CLIENT', search: 'hygiene' }, { 'accept-language': 'en' });
    expect(questions(english, 'en')).toEqual(['What is food Hygiene?']);
    // A LIKE wildcard is a plain character.
    expect((await es('%')).body).toEqual([]);
  });

  it('searches a FAQ without English in its Spanish text when asked in English (its fallback)', async () => {
    const found = await auditor.api.post(`${FAQS}/search`, { view: 'AUDITOR', language: 'en', search: 'conexion' });
    expect(found.body.map((f: { _id: string }) => f._id)).toEqual([ids.auditor]);
    // A link's address is not searched, its text is.
    expect((await auditor.api.post(`${FAQS}/search`, { view: 'AUDITOR', search: 'example.com' })).body).toEqual([]);
    expect((await auditor.api.post(`${FAQS}/search`, { view: 'AUDITOR', search: 'la app' })).body).toHaveLength(1);
  });
});

describe('FAQs: editing, order and deletion', () => {
  it('replaces the texts and audience, keeping the place', async () => {
    const created = await create(admin.api, faq('ALL', ['Antes', 'Texto'], ['Before', 'Text']));
    const res = await admin.api.call('PUT', `${FAQS}/${created._id}`, faq('CLIENT', ['Después', 'Nuevo texto'], null));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      audience: 'CLIENT',
      question: { es: 'Después', en: null },
      answer: { es: 'Nuevo texto', en: null },
      position: created.position,
    });
    const found = await admin.api.post(`${FAQS}/search`, { search: 'despues', language: 'en' });
    expect(found.body.map((f: { _id: string }) => f._id)).toEqual([created._id]);
    expect((await admin.api.post(`${FAQS}/search`, { search: 'before', language: 'en' })).body).toEqual([]);
  });

  it('puts the FAQs in the order given', async () => {
    const own = await createTenant(t.db, 'faqr');
    const api = (await signIn(t.app, own.admin.email)).api;
    const [a, b, c] = [
      await create(api, faq('ALL', ['A', 'a'], null)),
      await create(api, faq('ALL', ['B', 'b'], null)),
      await create(api, faq('ALL', ['C', 'c'], null)),
    ];
    expect((await api.post(`${FAQS}/reorder`, { ids: [c._id, a._id, b._id] })).body).toEqual({ ok: true });
    const list = await api.post(`${FAQS}/search`, {});
    expect(questions(list)).toEqual(['C', 'A', 'B']);
    expect((await api.post(`${FAQS}/reorder`, { ids: [a._id, a._id] })).body).toMatchObject({ reference: '400' });
    // A new FAQ goes last.
    await create(api, faq('ALL', ['D', 'd'], null));
    expect(questions(await api.post(`${FAQS}/search`, {}))).toEqual(['C', 'A', 'B', 'D']);
  });

  it('deletes a FAQ: it is gone from the lists, a second delete is 404', async () => {
    const created = await create(admin.api, faq('ALL', ['Para borrar', 'x'], ['To delete', 'x']));
    expect((await admin.api.delete(`${FAQS}/${created._id}`)).body).toEqual({ ok: true });
    expect((await admin.api.post(`${FAQS}/search`, { search: 'para borrar' })).body).toEqual([]);
    expect((await admin.api.delete(`${FAQS}/${created._id}`)).body).toMatchObject({ reference: '415' });
  });

  it('refuses every write to a client and an auditor (452), whose role holds no FAQ write', async () => {
    const target = await create(admin.api, faq('ALL', ['Intocable', 'x'], null));
    for (const who of [client, auditor]) {
      for (const res of [
        await who.api.post(FAQS, faq('ALL', ['Mía', 'x'], null)),
        await who.api.call('PUT', `${FAQS}/${target._id}`, faq('ALL', ['Cambiada', 'x'], null)),
        await who.api.delete(`${FAQS}/${target._id}`),
        await who.api.post(`${FAQS}/reorder`, { ids: [target._id] }),
      ]) {
        expect({ status: res.status, reference: res.body.reference }).toEqual({ status: 403, reference: '452' });
      }
    }
  });

  it("lets a client's manager who writes FAQs read the company's, not change them (451)", async () => {
    const target = await create(admin.api, faq('CLIENT', ['De la empresa', 'x'], null));
    const role = await unsafeUnscoped(t.db, (tx) =>
      createRole(tx, tenant.root, { name: `faq-writer-${tenant.tag}`, permissions: ['FAQ:CREATE', 'FAQ:WRITE', 'FAQ:DELETE'] }),
    );
    const user = await addUser(t.db, { email: `faqw.${tenant.tag}@example.com`, firstName: 'W', home: tenant.client, roleIds: [role] });
    const manager = (await signIn(t.app, user.email)).api;
    const seen = (await manager.post(`${FAQS}/search`, { size: 100 })).body.find((f: { _id: string }) => f._id === target._id);
    expect(seen.can).toEqual({ update: false, delete: false });
    expect((await manager.call('PUT', `${FAQS}/${target._id}`, faq('ALL', ['x', 'x'], null))).body.reference).toBe('451');
    expect((await manager.delete(`${FAQS}/${target._id}`)).body.reference).toBe('451');
    expect((await manager.post(`${FAQS}/reorder`, { ids: [target._id] })).body.reference).toBe('451');
    // Their own FAQ, in the client's space, is theirs to change; the company reads it too.
    const own = await create(manager, faq('CLIENT', ['Del cliente', 'x'], null));
    expect(own).toMatchObject({ space: tenant.client.id, can: { update: true, delete: true } });
    expect((await client.api.post(`${FAQS}/search`, { search: 'del cliente' })).body.map((f: { _id: string }) => f._id)).toEqual([own._id]);
  });
});

describe('FAQs: bad input and other tenants', () => {
  it('refuses NUL bytes, lone surrogates, huge texts, unknown fields and half translations (400)', async () => {
    const cases: [object, string][] = [
      [faq('ALL', ['Con\u0000nulo', 'x'], null), 'STR0001'],
      [faq('ALL', ['Mitad \ud800', 'x'], null), 'STR0001'],
      // Too long: the catalogue's "text longer than allowed".
      [faq('ALL', ['x'.repeat(501), 'x'], null), 'VAL0002'],
      [faq('ALL', ['x', 'y'.repeat(10_001)], null), 'VAL0002'],
      [{ ...faq('ALL', ['x', 'x'], null), html: '<script>' }, '400'],
      [{ ...faq('ALL', ['x', 'x'], null), question: { es: 'x', en: null, fr: 'x' } }, '400'],
      [faq('ALL', ['Sin respuesta', ''], null), '400'],
      [faq('ALL', null, null), '400'],
      [faq('EVERYONE', ['x', 'x'], null), '400'],
    ];
    for (const [body, reference] of cases) {
      const res = await admin.api.post(FAQS, body);
      expect({ status: res.status, reference: res.body.reference }, JSON.stringify(body).slice(0, 80)).toEqual({ status: 400, reference });
    }
    const search = await admin.api.post(`${FAQS}/search`, { view: 'AUDITOR', extra: 1 });
    expect(search.status).toBe(400);
    expect((await admin.api.post(`${FAQS}/search`, { filters: [{ field: 'answer', value: 'x' }] })).body).toMatchObject({ reference: '400' });
    expect((await admin.api.post(`${FAQS}/search`, { search: 'x'.repeat(201) })).body).toMatchObject({ reference: 'VAL0002' });
  });

  it("keeps another tenant's FAQs out of sight: not listed, 404 to every write", async () => {
    const theirs = await create(otherAdmin.api, faq('ALL', ['Secreto de otra empresa', 'x'], ['Other company secret', 'x']));
    for (const who of [admin, client, auditor]) {
      const list = await who.api.post(`${FAQS}/search`, { size: 1000 });
      expect(JSON.stringify(list.body)).not.toContain(theirs._id);
      expect((await who.api.post(`${FAQS}/search`, { search: 'secreto' })).body).toEqual([]);
    }
    expect((await admin.api.call('PUT', `${FAQS}/${theirs._id}`, faq('ALL', ['Mía', 'x'], null))).body.reference).toBe('415');
    expect((await admin.api.delete(`${FAQS}/${theirs._id}`)).body.reference).toBe('415');
    expect((await admin.api.post(`${FAQS}/reorder`, { ids: [theirs._id] })).body.reference).toBe('415');
    expect((await otherAdmin.api.post(`${FAQS}/search`, {})).body.map((f: { _id: string }) => f._id)).toEqual([theirs._id]);
  });

  it('answers parallel identical writes without a server error', async () => {
    const own = await createTenant(t.db, 'faqp');
    const api = (await signIn(t.app, own.admin.email)).api;
    const created = await Promise.all(Array.from({ length: 4 }, () => api.post(FAQS, faq('ALL', ['Igual', 'x'], null))));
    expect(created.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ids = created.map((r) => r.body._id as string);
    const moves = await Promise.all([api.post(`${FAQS}/reorder`, { ids }), api.post(`${FAQS}/reorder`, { ids: [...ids].reverse() })]);
    expect(moves.map((r) => r.status)).toEqual([200, 200]);
    const removals = await Promise.all([api.delete(`${FAQS}/${ids[0]}`), api.delete(`${FAQS}/${ids[0]}`)]);
    expect(removals.map((r) => r.status).sort()).toEqual([200, 404]);
  });
});
