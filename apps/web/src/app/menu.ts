import { hasPermissions } from '@audit/domain/permissions';
import { FEATURES } from './features';
import type { TAccessListReader, TFeatureManifest, TMenuContribution, TMenuEntry, TMenuUser } from '../manifest/manifest';

export type { TAudience, TMenuEntry, TMenuUser } from '../manifest/manifest';

/**
 * The sidebar, assembled from the manifests' entries (app/features.ts): groups are the entries
 * without a path, children name their group in `parent`, siblings sort by `order`. One pure
 * function then decides what a user sees (product document sections 2 and 6).
 */
export function assembleMenu(manifests: readonly TFeatureManifest[]): TMenuEntry[] {
  const declared = manifests.flatMap((manifest) => manifest.menu ?? []);
  // A domain's own entry takes the place of the shell's placeholder of the same key.
  const built = new Set(declared.filter((entry) => !entry.placeholder).map((entry) => entry.key));
  const all = declared.filter((entry) => !(entry.placeholder && built.has(entry.key)));
  const keys = new Set<string>();
  for (const entry of all) {
    if (keys.has(entry.key)) throw new Error(`menu key ${entry.key} is declared twice`);
    keys.add(entry.key);
  }
  const build = (parent: string | undefined): TMenuEntry[] =>
    all
      .filter((entry) => entry.parent === parent)
      .sort((a, b) => a.order - b.order)
      .map(({ order: _order, parent: _parent, placeholder: _placeholder, ...entry }: TMenuContribution) =>
        entry.path ? entry : { ...entry, children: build(entry.key) },
      );
  for (const entry of all)
    if (entry.parent && !all.some((group) => group.key === entry.parent && !group.path))
      throw new Error(`menu group ${entry.parent} of ${entry.key} is not declared`);
  const lists = accessListsOf(manifests);
  for (const entry of all)
    if (entry.access && !lists[entry.access.list]) throw new Error(`access list ${entry.access.list} of ${entry.key} is not declared by any manifest`);
  return build(undefined);
}

/** The access lists the manifests declare, by name (a name declared twice is a programming error). */
export function accessListsOf(manifests: readonly TFeatureManifest[]): Record<string, TAccessListReader> {
  const lists: Record<string, TAccessListReader> = {};
  for (const [name, read] of manifests.flatMap((manifest) => Object.entries(manifest.accessLists ?? {}))) {
    if (lists[name]) throw new Error(`access list ${name} is declared twice`);
    lists[name] = read;
  }
  return lists;
}

export const MENU: TMenuEntry[] = assembleMenu(FEATURES);
const ACCESS_LISTS = accessListsOf(FEATURES);

/** Whether an 'auditor' entry reaches this user only through `alsoFor` (the office, not an auditor). */
const shownThroughAlsoFor = (entry: TMenuEntry, user: TMenuUser) => entry.audience === 'auditor' && !user.isAuditor && Boolean(entry.alsoFor);

/** The i18n key of an entry's label, as visibleMenu chose it. */
export const menuLabelKey = (entry: TMenuEntry) => `menu.${entry.labelKey ?? entry.key}`;

function fitsAudience(entry: TMenuEntry, user: TMenuUser): boolean {
  if (entry.audience === 'any') return true;
  if (entry.audience === 'admin') return user.isAdmin;
  if (entry.audience === 'client') return !user.isAuditor;
  return user.isAuditor || Boolean(entry.alsoFor && (user.isAdmin || hasPermissions(user.permissions, entry.alsoFor)));
}

function withinAccess(entry: TMenuEntry, user: TMenuUser): boolean {
  if (!entry.access) return true;
  const list = ACCESS_LISTS[entry.access.list]?.(user);
  return !list || list.length === 0 || list.includes(entry.access.value);
}

/** Whether one entry passes its own flags (not its parent's). */
export function entryAllowed(entry: TMenuEntry, user: TMenuUser): boolean {
  if (!fitsAudience(entry, user)) return false;
  if (entry.hideForAdmin && user.isAdmin) return false;
  if (entry.permissions?.length && !user.isAdmin && !hasPermissions(user.permissions, entry.permissions)) return false;
  if (!withinAccess(entry, user)) return false;
  return true;
}

/** The entries the user sees; a group with no visible child is dropped. */
export function visibleMenu(user: TMenuUser, menu: readonly TMenuEntry[] = MENU): TMenuEntry[] {
  const result: TMenuEntry[] = [];
  for (const entry of menu) {
    if (!entryAllowed(entry, user)) continue;
    if (entry.children) {
      const children = visibleMenu(user, entry.children);
      if (children.length)
        result.push({ ...entry, children, ...(entry.alsoForLabel && shownThroughAlsoFor(entry, user) ? { labelKey: entry.alsoForLabel } : {}) });
    } else if (entry.alsoForLabel && shownThroughAlsoFor(entry, user)) {
      result.push({ ...entry, labelKey: entry.alsoForLabel });
    } else {
      result.push(entry);
    }
  }
  return result;
}

/** Every linkable entry, depth first. */
export function menuLeaves(menu: readonly TMenuEntry[] = MENU): TMenuEntry[] {
  return menu.flatMap((entry) => (entry.children ? menuLeaves(entry.children) : entry.path ? [entry] : []));
}

/**
 * Every chain of entries from the top to an entry whose path is `path` or a prefix of it, the most
 * specific first: /templates/registers is the register templates' entry before the templates' one.
 */
export function findMenuTrails(path: string, menu: readonly TMenuEntry[] = MENU): TMenuEntry[][] {
  const found: TMenuEntry[][] = [];
  const walk = (entries: readonly TMenuEntry[], above: TMenuEntry[]) => {
    for (const entry of entries) {
      if (entry.path && (path === entry.path || path.startsWith(`${entry.path}/`))) found.push([...above, entry]);
      if (entry.children) walk(entry.children, [...above, entry]);
    }
  };
  walk(menu, []);
  return found.sort((a, b) => b.at(-1)!.path!.length - a.at(-1)!.path!.length);
}

/** The chain of entries to the most specific entry whose path is `path` or a prefix of it. */
export const findMenuTrail = (path: string, menu: readonly TMenuEntry[] = MENU): TMenuEntry[] | undefined => findMenuTrails(path, menu)[0];

/**
 * Whether the user may open a path that belongs to a menu entry; paths outside the menu are open.
 * Any entry leading there will do (an auditor reaches /incidents/list/lab-data through Incidencias,
 * while the client's own entry for it sits under Datos de laboratorio).
 */
export function canOpenPath(user: TMenuUser, path: string): boolean {
  const trails = findMenuTrails(path);
  return !trails.length || trails.some((trail) => trail.every((entry) => entryAllowed(entry, user)));
}

/** The group keys that contain the entry of `path` (to open the right submenu). */
export const openKeysFor = (path: string, menu: readonly TMenuEntry[] = MENU) => (findMenuTrail(path, menu) ?? []).slice(0, -1).map((entry) => entry.key);
