import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TTestApp } from '../test/harness.js';
import { addUser, createTenant, signIn, type TTenant } from '../test/factories.js';
import { userRoles } from '../modules/roles/tables.js';
import { users } from '../modules/users/tables.js';
import { unsafeUnscoped } from './tenancy.js';

/**
 * The server keeps a caller's identity between requests only while the database can announce a
 * change (migration 0007). A change made outside this server (another instance, an operator's
 * SQL) must reach it through NOTIFY, without waiting for the cache to age.
 */
let t: TTestApp;
let tenant: TTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'ident');
});
afterAll(() => t.close());

/** Waits until `check` holds (the change reaches the server's identity cache through a NOTIFY). */
async function eventually(check: () => Promise<boolean>) {
  return vi
    .waitFor(
      async () => {
        if (!(await check())) throw new Error('not yet');
        return true;
      },
      { timeout: 5000, interval: 20 },
    )
    .catch(() => false);
}

describe('identity between requests', () => {
  it('a user locked by another server loses access as soon as the change is committed', async () => {
    const user = await addUser(t.db, { email: `elsewhere.${tenant.tag}@example.com`, firstName: 'E', home: tenant.client, roleIds: [tenant.roles.USER!] });
    const { api } = await signIn(t.app, user.email);
    for (let i = 0; i < 3; i++) expect((await api.get('/ms-core/api/users/me')).status).toBe(200);
    // Not through this app: as if another instance or an operator had done it.
    await unsafeUnscoped(t.db, (tx) => tx.update(users).set({ status: 'BLOCKED' }).where(eq(users.id, user.id)));
    expect(await eventually(async () => (await api.get('/ms-core/api/users/me')).status === 401)).toBe(true);
  });

  it('a role removed elsewhere takes its permissions away', async () => {
    const user = await addUser(t.db, { email: `roles.${tenant.tag}@example.com`, firstName: 'R', home: tenant.root, roleIds: [tenant.roles.SPACE_ADMIN!] });
    const { api } = await signIn(t.app, user.email);
    expect((await api.post('/ms-core/api/roles/search', {})).status).toBe(200);
    await unsafeUnscoped(t.db, (tx) => tx.delete(userRoles).where(eq(userRoles.userId, user.id)));
    expect(await eventually(async () => (await api.post('/ms-core/api/roles/search', {})).status === 403)).toBe(true);
  });
});
