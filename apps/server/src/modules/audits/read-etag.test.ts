import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { ZAuditOut } from './schemas.js';
import { AUDITS, auditTenant, runningAudit, select, type TAuditTenant } from '../../test/audits.js';

/**
 * The run view reloads its audit often (decision 0027): the answer carries an ETag of its body, a
 * reload with it costs a 304 with no body, any change gives a new ETag; and it goes compressed.
 */
let t: TTestApp;
let f: TAuditTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = await auditTenant(t, 'aude');
});
afterAll(() => t.close());

describe('GET /audits/{id} validators', () => {
  it('answers 304 to its own ETag, a new ETag after a change, and never caches in a shared cache', async () => {
    const { id, ids } = await runningAudit(f);
    const first = await f.auditor.get(`${AUDITS}/${id}`);
    // What the schema keeps, nothing more (the answers inside the tree carry no section/question).
    expect(ZAuditOut.parse(first.body)).toEqual(first.body);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await f.auditor.call('GET', `${AUDITS}/${id}`, undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    await f.auditor.post(`${AUDITS}/${id}/answer/add`, { section: ids.facilities, question: ids.floors, templateAnswer: select(f.tpl.options.no) });
    const changed = await f.auditor.call('GET', `${AUDITS}/${id}`, undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(ZAuditOut.parse(changed.body)).toEqual(changed.body);
    const floors = changed.body.sections.flatMap((s: any) => s.questions).find((q: any) => q._id === ids.floors);
    expect(floors.answer.templateAnswer.select).toEqual([f.tpl.options.no]);
  });

  it('goes compressed (brotli) when the browser accepts it, with the same ETag', async () => {
    const { id } = await runningAudit(f);
    const plain = await f.auditor.get(`${AUDITS}/${id}`);
    const res = await t.app.inject({
      method: 'GET',
      url: `${AUDITS}/${id}`,
      headers: { authorization: `Bearer ${f.auditorToken}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.body);
  });
});
