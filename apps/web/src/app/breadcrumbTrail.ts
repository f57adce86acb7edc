import { findMenuTrail, menuLabelKey, type TMenuEntry } from './menu';

export interface TCrumb {
  key: string;
  label: string;
  /** A screen the crumb links to (none for a menu group, the current page, or a path that is no screen). */
  to?: string;
}

interface TTrailInput {
  pathname: string;
  home: string;
  /** The menu the user sees (visibleMenu): its labels are the sidebar's ("Planificación", not "Auditor"). */
  menu: readonly TMenuEntry[];
  t: (key: string) => string;
  has: (key: string) => boolean;
  linkable: (path: string) => boolean;
}

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Path segments that only group screens ("/incidents/list/audits"): not shown past a menu entry. */
const GROUPING_SEGMENTS = new Set(['list']);

/**
 * The breadcrumbs of a path. Within the menu they are the sidebar's own words: the groups and the
 * entry (a group named like its one page, "Usuarios › Usuarios", is said once), then what lies below
 * the entry's path (a detail, a tab). Outside the menu, one crumb a segment, as the i18n names them
 * (breadcrumbPath.{path} where one segment alone is ambiguous, else breadcrumb.{segment}).
 */
export function breadcrumbTrail({ pathname, home, menu, t, has, linkable }: TTrailInput): TCrumb[] {
  if (pathname === home || pathname.startsWith('/home/')) return [];
  const segments = pathname.split('/').filter(Boolean);
  const label = (segment: string, path: string) => {
    if (ID_PATTERN.test(segment)) return t('breadcrumb.detail');
    if (has(`breadcrumbPath.${path}`)) return t(`breadcrumbPath.${path}`);
    return has(`breadcrumb.${segment}`) ? t(`breadcrumb.${segment}`) : segment.replace(/-/g, ' ');
  };
  const crumbs: TCrumb[] = [];
  const trail = findMenuTrail(pathname, menu);
  for (const entry of trail ?? []) {
    const text = t(menuLabelKey(entry));
    if (crumbs.at(-1)?.label === text) crumbs.pop();
    crumbs.push({ key: entry.path ?? entry.key, label: text, to: entry.path });
  }
  const from = trail ? trail.at(-1)!.path!.split('/').filter(Boolean).length : 0;
  for (let i = from; i < segments.length; i++) {
    const path = `/${segments.slice(0, i + 1).join('/')}`;
    if (trail && GROUPING_SEGMENTS.has(segments[i]!)) continue;
    crumbs.push({ key: path, label: label(segments[i]!, path), to: linkable(path) ? path : undefined });
  }
  // The current page is plain text.
  if (crumbs.length) crumbs[crumbs.length - 1] = { ...crumbs.at(-1)!, to: undefined };
  return crumbs;
}
