import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../../../config.js';
import type { TModuleContext } from '../../../platform/http.js';
import { unsafeUnscoped } from '../../../platform/tenancy.js';
import { createTestApp, type TTestApp } from '../../../test/harness.js';
import { createTenant, signIn } from '../../../test/factories.js';
import { cameraJpeg, postMultipart } from '../../../test/multipart.js';
import { companyCover } from './company.js';

/**
 * Where the cover's logo comes from: the company's (root space's) `logo`, a file uploaded to that
 * space, read for the requester's scope, even a client user's whose scope does not reach the
 * company. The stored bytes are made small and safe before the renderer sees them.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pdf-company-test-'));
let t: TTestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let ctx: TModuleContext;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  tenant = await createTenant(t.db, 'logo');
  ctx = { db: t.db, config: loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) } as TModuleContext;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const setRootLogo = (logo: string | null) => unsafeUnscoped(t.db, (tx) => tx.execute(sql`update spaces set logo = ${logo} where id = ${tenant.root.id}`));
const clientScope = () => ({ spaceId: tenant.client.id, spacePath: tenant.client.path, userId: tenant.clientUser.id });

describe("the company's name and logo for the cover", () => {
  it('has the name and no logo while the company has none', async () => {
    expect(await companyCover(ctx, clientScope())).toEqual({ company: `Company ${tenant.tag}`, logo: null });
  });

  it("reads the logo uploaded to the company's space, for a client user too, as a PNG of at most 600 px", async () => {
    const token = (await signIn(t.app, tenant.admin.email)).session.accessToken;
    const upload = await postMultipart(t.app, '/ms-core/api/files/image', token, {
      buffer: await cameraJpeg(1600, 400, '#c8102e'),
      filename: 'logo.jpg',
      contentType: 'image/jpeg',
    });
    expect(upload.status).toBe(200);
    await setRootLogo(upload.body.url);
    const cover = await companyCover(ctx, clientScope());
    expect(cover.company).toBe(`Company ${tenant.tag}`);
    const meta = await sharp(cover.logo!).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 150 }); // 800 x 200 as stored, proportions kept
    // The logo may also be kept as the bare file id.
    await setRootLogo(upload.body._id);
    expect((await companyCover(ctx, { spaceId: tenant.root.id, spacePath: tenant.root.path, userId: tenant.admin.id })).logo).not.toBeNull();
  });

  it('gives no logo, not an error, for an address of no file, a foreign address or a file that is gone', async () => {
    await setRootLogo('https://example.com/logo.png');
    expect((await companyCover(ctx, clientScope())).logo).toBeNull();
    await setRootLogo('/ms-core/api/files/00000000-0000-4000-8000-000000000000/content');
    expect((await companyCover(ctx, clientScope())).logo).toBeNull();
    await setRootLogo(null);
  });
});
