import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../platform/db.js';
import { hashPassword } from '../platform/passwords.js';
import { unsafeUnscoped } from '../platform/tenancy.js';
import { createRootSpace, createSpace, createUser, type TSeedSpace, type TSeedUserInput } from '../seed/build.js';
import { apiClient } from './harness.js';

export const TEST_PASSWORD = 'Test1234!x';
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

/**
 * A whole tenant of its own: root space with default roles, a client structure with an
 * establishment and an area, and an admin, an auditor and a client user. Every test builds its own,
 * so tests never depend on each other's data.
 */
export async function createTenant(db: TDatabase, label = 'T') {
  const tag = `${label.toLowerCase()}${randomBytes(4).toString('hex')}`;
  return unsafeUnscoped(db, async (tx) => {
    const root = await createRootSpace(tx, { name: `Company ${tag}`, identifier: `company-${tag}` });
    const client = await createSpace(tx, { name: `Client ${tag}`, parent: root.space });
    const establishment = await createSpace(tx, { name: `Establishment ${tag}`, parent: client, type: 'ESTABLISHMENT' });
    const area = await createSpace(tx, { name: `Area ${tag}`, parent: establishment, type: 'AREA' });
    const common = { password: TEST_PASSWORD, passwordHash: await passwordHash() };
    const admin = await createUser(tx, {
      ...common,
      email: `admin.${tag}@example.com`,
      firstName: 'Admin',
      lastName: tag,
      home: root.space,
      roleIds: [root.roles.SPACE_ADMIN!],
    });
    const auditor = await createUser(tx, {
      ...common,
      email: `auditor.${tag}@example.com`,
      firstName: 'Auditor',
      lastName: tag,
      home: root.space,
      roleIds: [root.roles.auditor!],
      isAuditor: true,
    });
    const clientUser = await createUser(tx, {
      ...common,
      email: `client.${tag}@example.com`,
      firstName: 'Client',
      lastName: tag,
      home: client,
      roleIds: [root.roles.USER!],
    });
    return { tag, root: root.space, roles: root.roles, client, establishment, area, admin, auditor, clientUser };
  });
}
export type TTenant = Awaited<ReturnType<typeof createTenant>>;

export async function addUser(db: TDatabase, input: Omit<TSeedUserInput, 'password' | 'passwordHash'> & { password?: string }) {
  const password = input.password ?? TEST_PASSWORD;
  return unsafeUnscoped(db, async (tx) =>
    createUser(tx, { ...input, password, passwordHash: password === TEST_PASSWORD ? await passwordHash() : await hashPassword(password) }),
  );
}

export async function addSpace(db: TDatabase, input: { name: string; parent: TSeedSpace; type?: 'STRUCTURE' | 'ESTABLISHMENT' | 'AREA' }) {
  return unsafeUnscoped(db, (tx) => createSpace(tx, input));
}

/** Signs in over HTTP and returns a client carrying the access token. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD, space?: string) {
  const res = await apiClient(app).post('/auth/api/signin', { username: email, password, ...(space ? { space } : {}) });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    session: res.body as { accessToken: string; refreshToken: string; space: { _id: string }; spaces: { _id: string }[] },
    api: apiClient(app, res.body.accessToken),
  };
}
