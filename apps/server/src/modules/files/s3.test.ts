import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { createTestApp, type TTestApp } from '../../test/harness.js';
import { createTenant, signIn } from '../../test/factories.js';
import { cameraJpeg, postMultipart } from '../../test/multipart.js';
import { createS3Store } from '../../platform/storage-s3.js';
import { deleteFile } from './service.js';
import type { TModuleContext } from '../../platform/http.js';
import { loadConfig } from '../../config.js';
import { NO_ACCESS } from '../../platform/identity.js';

/**
 * The S3 store against a real S3-compatible server (s3rver) listening on loopback: the same
 * requests the AWS SDK sends to AWS, MinIO or R2, answered from a temporary folder.
 */
const BUCKET = 'audit-files';
const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
let server: S3rver;
let endpoint: string;
let t: TTestApp;
const env = () => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_REGION: 'eu-west-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // DATA_DIR points nowhere writable on purpose: every byte must go to S3.
  t = await createTestApp({ ...env(), DATA_DIR: '/proc/no-local-files' });
});
afterAll(async () => {
  await t.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const client = () => new S3Client({ endpoint, region: 'eu-west-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
const keysInBucket = async () => ((await client().send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!);

describe('S3 file store', () => {
  it('puts, gets and removes bytes; a missing key reads as null', async () => {
    const store = createS3Store({
      bucket: BUCKET,
      endpoint,
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    await store.put('document/2024-01/abc', bytes, 'application/octet-stream');
    expect(await store.get('document/2024-01/abc')).toEqual(bytes);
    await store.remove('document/2024-01/abc');
    expect(await store.get('document/2024-01/abc')).toBeNull();
    await store.remove('document/2024-01/abc'); // removing twice is fine
    await expect(store.put('../escape', bytes, 'x/y')).rejects.toThrow(/invalid storage key/);
  });

  it('an uploaded photo lands in the bucket, is served by its signed address, and delete removes it', async () => {
    const tenant = await createTenant(t.db, 's3');
    const { session } = await signIn(t.app, tenant.admin.email);
    const res = await postMultipart(t.app, '/ms-core/api/files/image', session.accessToken, {
      buffer: await cameraJpeg(1600, 1600),
      filename: 'cocina.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 800, height: 800 });
    const keys = await keysInBucket();
    expect(keys).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^image/\\d{4}-\\d{2}/${res.body._id}$`))]));

    const got = await t.app.inject({ method: 'GET', url: res.body.url });
    expect(got.statusCode).toBe(200);
    expect((await sharp(got.rawPayload).metadata()).width).toBe(800);

    const ctx = { db: t.db, config: loadConfig({ ...env(), JWT_SECRET: 'z'.repeat(40), DATA_DIR: '/proc/no-local-files' }) } as TModuleContext;
    const caller = {
      userId: tenant.admin.id,
      spaceId: tenant.root.id,
      spacePath: tenant.root.path,
      permissions: [],
      roles: [],
      access: NO_ACCESS,
      isAdmin: true,
      isAuditor: false,
      language: 'es',
    };
    await deleteFile(ctx, caller, res.body._id);
    expect(await keysInBucket()).not.toContain(keys.find((k) => k.endsWith(res.body._id)));
    expect((await t.app.inject({ method: 'GET', url: res.body.url })).statusCode).toBe(404);
  });
});
