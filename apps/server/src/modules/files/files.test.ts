import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn, type TTenant } from '../../test/factories.js';
import { cameraJpeg, postMultipart } from '../../test/multipart.js';
import { unsafeUnscoped } from '../../platform/tenancy.js';
import { readFileBytes } from './service.js';
import { signedFileUrl } from './signing.js';
import type { TModuleContext } from '../../platform/http.js';

const IMAGE = '/ms-core/api/files/image';
const UPLOAD = '/ms-core/api/files/upload';
const secret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'files-test-'));
let t: TTestApp;
let tenant: TTenant;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET: secret, DATA_DIR: dataDir, UPLOAD_MAX_MB: '1' });
  tenant = await createTenant(t.db, 'files');
  token = (await signIn(t.app, tenant.admin.email)).session.accessToken;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const download = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const fileRow = (id: string) => unsafeUnscoped(t.db, async (tx) => (await tx.execute<Record<string, any>>(sql`select * from files where id = ${id}`)).rows[0]);

describe('POST /ms-core/api/files/image', () => {
  it('needs a signed-in user (401) and a multipart body with a file (400)', async () => {
    expect((await postMultipart(t.app, IMAGE, undefined, { buffer: await cameraJpeg(10, 10), filename: 'a.jpg', contentType: 'image/jpeg' })).status).toBe(401);
    const json = await t.app.inject({ method: 'POST', url: IMAGE, payload: { file: 'x' }, headers: { authorization: `Bearer ${token}` } });
    expect(json.statusCode).toBe(400);
    const noFile = await postMultipart(t.app, IMAGE, token, null, { other: 'x' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.fields).toEqual(['file']);
  });

  it('re-encodes a camera photo: JPEG inside 800x800, EXIF and GPS gone, row in the caller space', async () => {
    const original = await cameraJpeg(2400, 1600);
    expect((await sharp(original).metadata()).exif).toBeDefined(); // the fixture really carries EXIF
    const res = await postMultipart(t.app, IMAGE, token, { buffer: original, filename: 'IMG_0001.HEIC.jpeg', contentType: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 800, height: 533 });
    expect(res.body.url).toMatch(new RegExp(`^/ms-core/api/files/${res.body._id}/content\\?exp=\\d+&sig=[\\w-]+$`));

    const got = await download(res.body.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 533]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('Secret Model 9'))).toBe(false);
    expect(got.rawPayload.includes(Buffer.from('Exif'))).toBe(false);

    const row = await fileRow(res.body._id);
    expect(row).toMatchObject({
      kind: 'image',
      content_type: 'image/jpeg',
      width: 800,
      height: 533,
      space_id: tenant.root.id,
      secure_space_path: tenant.root.path,
      owner_id: tenant.admin.id,
      original_name: 'IMG_0001.HEIC.jpg',
    });
    expect(row!.size_bytes).toBe(got.rawPayload.length);
    // A second load of the same address can be answered from the browser's cache.
    expect((await download(res.body.url, { 'if-none-match': got.headers.etag as string })).statusCode).toBe(304);
  });

  it('keeps small images small, turns transparent PNGs into JPEG on white, and applies the EXIF orientation', async () => {
    const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const small = await postMultipart(t.app, IMAGE, token, { buffer: png, filename: 'logo.png', contentType: 'image/png' });
    expect(small.body).toMatchObject({ width: 300, height: 120 });
    const pixel = await sharp((await download(small.body.url)).rawPayload)
      .raw()
      .toBuffer();
    expect(pixel[0]).toBeGreaterThan(240); // white, not black

    // Stored landscape but tagged "rotate 90°": the result is portrait.
    const rotated = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await postMultipart(t.app, IMAGE, token, { buffer: rotated, filename: 'r.jpg', contentType: 'image/jpeg' });
    expect(upright.body).toMatchObject({ width: 400, height: 800 });
  });

  it('decides by content: a text file called .jpg, an SVG and a truncated JPEG are refused with FIL0001', async () => {
    const fake = await postMultipart(t.app, IMAGE, token, {
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(fake.status).toBe(415);
    expect(fake.body).toMatchObject({ name: 'BADREQUESTERROR', reference: 'FIL0001', fields: ['file'] });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await postMultipart(t.app, IMAGE, token, { buffer: svg, filename: 'a.svg', contentType: 'image/svg+xml' })).body.reference).toBe('FIL0001');
    const truncated = (await cameraJpeg(400, 400)).subarray(0, 600);
    expect((await postMultipart(t.app, IMAGE, token, { buffer: truncated, filename: 't.jpg', contentType: 'image/jpeg' })).body.reference).toBe('FIL0001');
  });
});

describe('POST /ms-core/api/files/upload', () => {
  it('stores any file under the limit and serves non-images as downloads', async () => {
    const res = await postMultipart(t.app, UPLOAD, token, {
      buffer: Buffer.from('<h1>hola</h1>'),
      filename: '../../etc/informe final.html',
      contentType: 'text/html',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contentType: 'text/html', size: 13 });
    const got = await download(res.body.url);
    expect(got.body).toBe('<h1>hola</h1>');
    // Never rendered from our origin: downloaded, sandboxed, not sniffed.
    expect(got.headers['content-disposition']).toBe(`attachment; filename="informe final.html"; filename*=UTF-8''informe%20final.html`);
    expect(got.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses a file above UPLOAD_MAX_MB with FIL0002', async () => {
    const res = await postMultipart(t.app, UPLOAD, token, {
      buffer: Buffer.alloc(1024 * 1024 + 10, 1),
      filename: 'big.bin',
      contentType: 'application/octet-stream',
    });
    expect(res.status).toBe(413);
    expect(res.body.reference).toBe('FIL0002');
    const image = await postMultipart(t.app, IMAGE, token, { buffer: Buffer.alloc(1024 * 1024 + 10, 1), filename: 'big.jpg', contentType: 'image/jpeg' });
    expect(image.body.reference).toBe('FIL0002');
  });
});

describe('GET /ms-core/api/files/{id}/content', () => {
  it('answers 404 for a wrong, missing or expired signature and for an unknown id', async () => {
    const up = await postMultipart(t.app, UPLOAD, token, { buffer: Buffer.from('abc'), filename: 'a.txt', contentType: 'text/plain' });
    const id = up.body._id as string;
    const config = { jwtSecret: secret };
    expect((await download(signedFileUrl(config, id))).statusCode).toBe(200);
    // One character of the signature changed (to another one: a signature may start with 'x').
    expect((await download(up.body.url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`))).statusCode).toBe(404);
    expect((await download(`/ms-core/api/files/${id}/content`)).statusCode).toBe(404);
    const twoDaysAgo = Date.now() - 2 * 86400_000;
    expect((await download(signedFileUrl(config, id, twoDaysAgo))).statusCode).toBe(404);
    // Signed with another secret (another deployment, or a forged key).
    expect((await download(signedFileUrl({ jwtSecret: 'y'.repeat(40) }, id))).statusCode).toBe(404);
    // Another file's signature does not open this one.
    const other = await postMultipart(t.app, UPLOAD, token, { buffer: Buffer.from('def'), filename: 'b.txt', contentType: 'text/plain' });
    expect((await download(`/ms-core/api/files/${id}/content?${other.body.url.split('?')[1]}`)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await download(signedFileUrl(config, unknown))).statusCode).toBe(404);
  });
});

describe('files service', () => {
  it("reads bytes only of files in the caller's scope", async () => {
    const up = await postMultipart(t.app, IMAGE, token, { buffer: await cameraJpeg(100, 100), filename: 'p.jpg', contentType: 'image/jpeg' });
    const other = await createTenant(t.db, 'filesother');
    const ctx = { db: t.db, config: { DATA_DIR: dataDir, jwtSecret: secret } } as unknown as TModuleContext;
    const mine = await readFileBytes(ctx, { spaceId: tenant.root.id, spacePath: tenant.root.path, userId: null }, [up.body._id]);
    expect(mine.get(up.body._id)!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const theirs = await readFileBytes(ctx, { spaceId: other.root.id, spacePath: other.root.path, userId: null }, [up.body._id]);
    expect(theirs.size).toBe(0);
  });

  it("stores a client user's upload in the client's space", async () => {
    const client = await signIn(t.app, tenant.clientUser.email);
    const up = await postMultipart(t.app, IMAGE, client.session.accessToken, {
      buffer: await cameraJpeg(50, 50),
      filename: 'c.jpg',
      contentType: 'image/jpeg',
    });
    expect(up.status).toBe(200);
    expect(await fileRow(up.body._id)).toMatchObject({ space_id: tenant.client.id, secure_space_path: tenant.client.path });
  });
});
