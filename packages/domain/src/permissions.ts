/**
 * Permission modules, actions and names of the product document, section 6, as data.
 * A permission is `MODULE:ACTION` (e.g. USER:READ) or one of the named flags seen in the menu
 * (GOOGLE_DRIVE_VIEW, LAB_DATA_VIEW, ...). Holding `ADMIN` passes every check.
 */
export const ACTIONS = ['READ', 'CREATE', 'WRITE', 'DELETE', 'NOTIFY', 'INVITE', 'ASSIGN', 'MODERATE', 'MANAGEMENT'] as const;
export type TAction = (typeof ACTIONS)[number];

const CRUD = ['READ', 'CREATE', 'WRITE', 'DELETE'] as const;

/** Modules with the actions each accepts. Groups (Audits, Analytics, User management, Register) are modules too. */
export const PERMISSION_MODULES = {
  ADMIN: ['MANAGEMENT'],
  USER: [...CRUD, 'NOTIFY', 'INVITE', 'MANAGEMENT'],
  WORKER: CRUD,
  ROLE: [...CRUD, 'ASSIGN'],
  ORG: CRUD,
  FAQ: CRUD,
  TRACE: ['READ'],
  NOTIFICATION: ['READ', 'NOTIFY'],
  'PROFILE-WORKER': CRUD,
  CLIENTS: CRUD,
  TEMPLATES: CRUD,
  'AUDIT-TEMPLATE': CRUD,
  CATEGORY: CRUD,
  CONTRACT: CRUD,
  ENTERPRISE: CRUD,
  'BILLING-METHOD': CRUD,
  SERVICES: CRUD,
  ACTIVITY: CRUD,
  ESTABLISHMENT: CRUD,
  PAYMENT_TYPE: CRUD,
  SOCIAL_REASON: CRUD,
  SET: CRUD,
  AREA: CRUD,
  STRUCTURE: CRUD,
  SECURITY: CRUD,
  QUESTION: CRUD,
  SELECT_CHOICE: CRUD,
  TYPE_AREA: CRUD,
  SUPPORT_MESSAGES: [...CRUD, 'MODERATE'],
  SUPER_ADMIN: ['MANAGEMENT'],
  SPACE_ADMIN: ['MANAGEMENT'],
  LABORATORY: CRUD,
  AUDIT: [...CRUD, 'ASSIGN'],
  ANALYTICS: ['READ'],
  REGISTER: CRUD,
  ISSUE: CRUD,
} as const satisfies Record<string, readonly TAction[]>;
export type TPermissionModule = keyof typeof PERMISSION_MODULES;

/** Named permissions seen in the menu that are not MODULE:ACTION pairs. */
export const NAMED_PERMISSIONS = [
  'ADMIN',
  'GOOGLE_DRIVE_VIEW',
  'LAB_DATA_VIEW',
  'LAB_DATA_WRITE',
  'LAB_DATA_ISSUES_VIEW',
  'LAB_DATA_ISSUES_WRITE',
  'REQUEST_VIEW',
  'SAMPLE_TYPE_VIEW',
  'CATEGORY_VIEW',
] as const;

/** Every permission name the product knows: a named flag or `MODULE:ACTION` of an action the module accepts. */
export type TPermission =
  (typeof NAMED_PERMISSIONS)[number] | { [M in TPermissionModule]: `${M}:${(typeof PERMISSION_MODULES)[M][number]}` }[TPermissionModule];

/** `MODULE:ACTION`, typed: only an action the module accepts compiles. */
export const permissionName = <M extends TPermissionModule>(module: M, action: (typeof PERMISSION_MODULES)[M][number]) => `${module}:${action}` as TPermission;

export const ALL_PERMISSIONS: TPermission[] = [
  ...NAMED_PERMISSIONS,
  ...(Object.entries(PERMISSION_MODULES) as [TPermissionModule, readonly TAction[]][]).flatMap(([module, actions]) =>
    actions.map((a) => `${module}:${a}` as TPermission),
  ),
];

const known = new Set<string>(ALL_PERMISSIONS);
export const isKnownPermission = (name: string): name is TPermission => known.has(name);

/** The one rule: a list that contains ADMIN always passes; otherwise every required name must be held. */
export function hasPermissions(held: readonly string[], required: readonly string[]): boolean {
  if (held.includes('ADMIN')) return true;
  return required.every((name) => held.includes(name));
}

/** Role names of the product document. */
export const ROLE_NAMES = ['USER', 'SUPER_ADMIN', 'SPACE_ADMIN', 'SPACE_OWNER', 'auditor', 'worker', 'laboratory'] as const;
