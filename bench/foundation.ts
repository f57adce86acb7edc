import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { createRootSpace, createSpace, createUser } from '../apps/server/src/seed/build.js';
import { measureRequests, startServer, type TMeasure } from './lib.js';

/** Foundation figures: sign-in (argon2id), the per-request identity check, and a paged search over many users. */
export async function benchFoundation(engine: 'pglite' | 'postgres'): Promise<Record<string, TMeasure>> {
  const server = await startServer(engine);
  try {
    const password = 'Bench1234!';
    const passwordHash = await hashPassword(password);
    await unsafeUnscoped(server.db, async (tx) => {
      const root = await createRootSpace(tx, { name: 'Bench', identifier: 'bench' });
      const client = await createSpace(tx, { name: 'Bench client', parent: root.space });
      await createUser(tx, { email: 'admin@bench.test', password, passwordHash, firstName: 'Admin', home: root.space, roleIds: [root.roles.SPACE_ADMIN!] });
      for (let i = 0; i < 2000; i++) {
        await createUser(tx, {
          email: `user${i}@bench.test`,
          password,
          passwordHash,
          firstName: `User ${i}`,
          lastName: 'Bench',
          home: i % 2 ? client : root.space,
          roleIds: [root.roles.USER!],
        });
      }
    });
    const json = { 'content-type': 'application/json' };
    const signinBody = JSON.stringify({ username: 'admin@bench.test', password });
    const signin = { method: 'POST', path: '/auth/api/signin', headers: json, body: signinBody };
    const { accessToken } = (await (await fetch(`${server.base}${signin.path}`, signin)).json()) as { accessToken: string };
    const auth = { ...json, authorization: `Bearer ${accessToken}` };
    const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
    return {
      signin_c10: await measureRequests(
        server.base,
        times(100, () => signin),
        { concurrency: 10 },
      ),
      users_me_c50: await measureRequests(
        server.base,
        times(3000, () => ({ path: '/ms-core/api/users/me', headers: auth })),
        { concurrency: 50 },
      ),
      users_search_2000_c20: await measureRequests(
        server.base,
        times(1000, (i) => ({
          method: 'POST',
          path: '/ms-core/api/users/search',
          headers: auth,
          body: JSON.stringify({ size: 20, page: i % 50, search: i % 3 ? undefined : 'user 1', sort: '-createdAt' }),
        })),
        { concurrency: 20 },
      ),
    };
  } finally {
    await server.stop();
  }
}
