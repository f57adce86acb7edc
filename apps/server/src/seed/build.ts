import { randomUUID } from 'node:crypto';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import type { TSpaceType } from '@audit/domain/constants';
import { spaceSlug } from '@audit/domain/spaces';
import type { TDb } from '../platform/db.js';
import { hashPassword } from '../platform/passwords.js';
import { childPath, rootPath } from '../platform/tenancy.js';
import { LAB_ORGANISMS } from '@audit/domain/lab-data';
import { labResultCodes } from '../modules/nomenclatures/tables.js';
import { roles, userRoles } from '../modules/roles/tables.js';
import { spaces } from '../modules/spaces/tables.js';
import { users, userSpaces } from '../modules/users/tables.js';

/**
 * Building blocks that create tenants, spaces and users directly (as the owner role). Used by the
 * seed and by the test factories, so tests build data exactly the way a real start does.
 */
export interface TSeedSpace {
  id: string;
  path: string;
  name: string;
}

export async function createSpace(
  tx: TDb,
  input: { name: string; identifier?: string; parent?: TSeedSpace; type?: TSpaceType; ownerSpace?: boolean },
): Promise<TSeedSpace> {
  const id = randomUUID();
  const path = input.parent ? childPath(input.parent.path, id) : rootPath(id);
  await tx.insert(spaces).values({
    id,
    parentId: input.parent?.id ?? null,
    identifier: input.identifier ?? `${spaceSlug(input.name) || 'space'}-${id.slice(0, 8)}`,
    name: input.name,
    typeStructure: input.type ?? 'STRUCTURE',
    ownerSpace: input.ownerSpace ?? false,
    secureSpacePath: path,
  });
  return { id, path, name: input.name };
}

/** A root space with the default roles and the five lab result codes (decision 0053); returns the roles by name. */
/** `ownerSpace`: the platform operator's own space (the first start's and the demo's; decision 0065). */
export async function createRootSpace(tx: TDb, input: { name: string; identifier?: string; ownerSpace?: boolean }) {
  const space = await createSpace(tx, input);
  await tx.insert(labResultCodes).values(Object.entries(LAB_ORGANISMS).map(([code, name]) => ({ spaceId: space.id, secureSpacePath: space.path, code, name })));
  const created = await tx
    .insert(roles)
    .values(DEFAULT_ROLES.map((r) => ({ spaceId: space.id, secureSpacePath: space.path, name: r.name, superAdmin: r.superAdmin, permissions: r.permissions })))
    .returning({ id: roles.id, name: roles.name });
  return { space, roles: Object.fromEntries(created.map((r) => [r.name, r.id])) as Record<string, string> };
}

/** A role of the tenant besides the default ones (the demo's client manager); returns its id. */
export async function createRole(tx: TDb, root: TSeedSpace, input: { name: string; permissions: string[] }) {
  const [role] = await tx
    .insert(roles)
    .values({ spaceId: root.id, secureSpacePath: root.path, name: input.name, superAdmin: false, permissions: input.permissions })
    .returning({ id: roles.id });
  return role!.id;
}

export interface TSeedUserInput {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  home: TSeedSpace;
  roleIds: string[];
  isAuditor?: boolean;
  status?: 'ACTIVE' | 'LOCK' | 'UNVERIFIED' | 'DELETED';
  verified?: boolean;
  /** Extra member spaces besides home. */
  memberOf?: TSeedSpace[];
  username?: string;
  passwordHash?: string;
}

export async function createUser(tx: TDb, input: TSeedUserInput) {
  const id = randomUUID();
  await tx.insert(users).values({
    id,
    spaceId: input.home.id,
    secureSpacePath: input.home.path,
    username: input.username ?? input.email.split('@')[0]!.replace(/[^a-z0-9._-]/gi, '') + (input.email.endsWith('@demo.test') ? '' : `.${id.slice(0, 6)}`),
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    status: input.status ?? 'ACTIVE',
    verified: input.verified ?? (input.status ?? 'ACTIVE') === 'ACTIVE',
    isAuditor: input.isAuditor ?? false,
    passwordHash: input.passwordHash ?? (await hashPassword(input.password)),
  });
  const memberships = [input.home, ...(input.memberOf ?? [])];
  await tx.insert(userSpaces).values(memberships.map((s) => ({ userId: id, spaceId: s.id, secureSpacePath: s.path })));
  if (input.roleIds.length) await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: id, roleId, secureSpacePath: input.home.path })));
  return { id, email: input.email };
}
