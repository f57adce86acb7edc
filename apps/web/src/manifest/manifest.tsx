import type { ComponentType, ReactNode } from 'react';
import type { TPermission } from '@audit/domain/permissions';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';

/**
 * What a feature (features/<domain>/manifest.tsx) brings to the app: its routes, its sidebar entries
 * with their icons, the client page tabs it adds, and its offline kinds. app/features.ts finds every
 * manifest by folder (router.tsx, menu.ts assemble them): adding a domain is a folder and nothing
 * else (decisions 0017, 0076). This contract lives below the features and the shell, so a feature
 * never imports app/. Its texts are its folder's i18n/{es,en}.json, which i18n/translations gathers
 * by language (decision 0051). A manifest imports no screen: routes load their page with `lazy`, so
 * the sign-in page does not download the others.
 */
export interface TFeatureManifest {
  /** The feature's folder name. */
  id: string;
  /** Screens inside the signed-in shell (sidebar, header, breadcrumbs). */
  routes?: (context: TRouteContext) => RouteObject[];
  /** Pages without the shell (sign-in, public report): no session needed, none checked. */
  pages?: (context: TRouteContext) => RouteObject[];
  /**
   * Its pages show every message themselves (their mutations are `meta.silent`, no toast, no modal
   * from antd's App): they render without antd's App, so the sign-in page does not download it.
   */
  pagesWithoutToasts?: boolean;
  /** Sidebar entries: leaves and groups (an entry without `path`), placed by `order` and `parent`. */
  menu?: TMenuContribution[];
  /** Tabs this feature adds to the client page (/clients/:id/:tab), after the page's own tabs. */
  clientTabs?: TClientTabContribution[];
  /** Panels this feature shows above the visits calendar (the visit plan's hired/planned/done). */
  calendarPanels?: TCalendarPanelContribution[];
  /**
   * Loads the feature's offline resource kinds (offline/resources.ts `defineResource`), so a replay
   * started anywhere in the signed-in shell knows them (decision 0021). Loaded on demand: the
   * sign-in page does not download them.
   */
  offline?: () => Promise<unknown>;
  /**
   * The user's access lists (spec section 6) its menu entries are limited by (`access.list`), and how
   * each is read off the signed-in user's profile (users/me).
   */
  accessLists?: Record<string, TAccessListReader>;
}

/** The user as the menu sees them: their flags and permissions (the rest of users/me is read by `accessLists`). */
export interface TMenuUser {
  isAuditor: boolean;
  isAdmin: boolean;
  permissions: string[];
}

/** Reads one access list off the signed-in user's profile; null, undefined or empty limits nothing. */
export type TAccessListReader = (user: TMenuUser) => readonly string[] | null | undefined;

/** What a contributed client tab receives: the client (or establishment, area) shown by the page. */
export interface TClientTabProps {
  spaceId: string;
  /** STRUCTURE (the client), ESTABLISHMENT or AREA. */
  spaceType: string;
}

/**
 * A tab another feature adds to the client page, so the clients feature imports no other feature
 * (decision 0019): app/clientTabs.ts gathers them from every manifest.
 */
export interface TClientTabContribution {
  /** The tab's segment in /clients/:id/{key}; unique among the page's tabs. */
  key: string;
  /** The i18n key of its label. */
  labelKey: string;
  /** Sorts contributed tabs among themselves. */
  order: number;
  /** Shown only when the user holds all of these (ADMIN passes). */
  permissions?: TPermission[];
  /** Shown only for these space types; every type when absent. */
  spaceTypes?: string[];
  /** The tab's content, loaded on demand like a route's page. */
  load: () => Promise<ComponentType<TClientTabProps>>;
}

/** The calendar's shown range and client filter, as a contributed panel receives them. */
export interface TCalendarPanelProps {
  range: { from: string; to: string };
  client?: string;
}

/** A panel another feature shows above the visits calendar (decision 0087), loaded on demand. */
export interface TCalendarPanelContribution {
  key: string;
  order: number;
  /** Shown only when the user holds all of these (ADMIN passes). */
  permissions?: TPermission[];
  load: () => Promise<ComponentType<TCalendarPanelProps>>;
}

export interface TRouteContext {
  queryClient: QueryClient;
}

/**
 * The sidebar as data (product document sections 2 and 6). Children inherit the rules of their parent.
 * - audience: 'auditor' shows only to auditors, 'client' only to non-auditors, 'admin' only to admins, 'any' to everyone.
 * - permissions: all must be held; holding ADMIN (isAdmin) passes.
 * - hideForAdmin: hidden from admins even though ADMIN passes the permission check (USER:MANAGEMENT).
 * - alsoFor: an 'auditor' entry also shown to the non-auditors holding these permissions (ADMIN
 *   passes): the audit list is where the office plans audits for its auditors.
 * - alsoForLabel: the label key (menu.{alsoForLabel}) when the entry is shown through alsoFor, so
 *   it does not repeat a client group's name ("Planificación", not a second "Auditorías").
 * - access: hidden when the user's access list `list` (declared by a manifest's `accessLists`) is set
 *   and lacks `value`; an unset or empty list limits nothing.
 */
export type TAudience = 'auditor' | 'client' | 'admin' | 'any';

export interface TMenuEntry {
  /** Unique; the label is the i18n key menu.{key}. */
  key: string;
  /** The sidebar's icon of a top-level entry (and of its children's shortcuts on the home page). */
  icon?: ReactNode;
  path?: string;
  audience: TAudience;
  /** Typed: a name the product does not know fails the typecheck (packages/domain/src/permissions.ts). */
  permissions?: TPermission[];
  hideForAdmin?: boolean;
  alsoFor?: TPermission[];
  alsoForLabel?: string;
  /** Set by visibleMenu: the label key to show when it is not the entry's own key. */
  labelKey?: string;
  access?: { list: string; value: string };
  children?: TMenuEntry[];
  /** A count shown beside the label (e.g. pending register takes); rendered only while the entry is visible. */
  badge?: ComponentType<{ menuKey: string }>;
}

/** A manifest's sidebar entry: `order` sorts siblings (the sidebar's order), `parent` names its group. */
export interface TMenuContribution extends Omit<TMenuEntry, 'children'> {
  order: number;
  parent?: string;
  /**
   * An entry the shell announces before its domain is built (app/sections.tsx): it opens the "coming
   * soon" page until a feature's manifest declares the same key, which then takes its place.
   */
  placeholder?: boolean;
}

/**
 * A route whose page loads on demand: `screen(() => import('./X').then((m) => m.X), props)`.
 * The router shows the shell's loading state while the chunk arrives.
 */
export function screen<P extends object>(load: () => Promise<ComponentType<P>>, props?: P): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = await load();
      return { element: <Page {...(props ?? ({} as P))} /> };
    },
  };
}
