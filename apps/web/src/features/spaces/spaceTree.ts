import type { TSpaceSummary } from '../../session/storage';

export interface TSpaceRow {
  space: TSpaceSummary;
  /** Depth under the first listed ancestor (0 for a top row). */
  level: number;
  /** Names of the listed spaces above it, top first: "Client › Establishment". */
  trail: string[];
}

const idsAbove = (space: TSpaceSummary) => space.secureSpacePath.split('/').filter(Boolean).slice(0, -1);

/**
 * The spaces as a tree (decision 0026): each space right under its own parent, siblings by name, so
 * one client's establishments never appear under another client. A space whose parent is not listed
 * starts a top row. `known` are other spaces whose names may fill a row's trail (the full list while
 * a search shows only matches).
 */
export function spaceTree(list: TSpaceSummary[], known: TSpaceSummary[] = []): TSpaceRow[] {
  const listed = new Map(list.map((s) => [s._id, s]));
  const names = new Map([...known, ...list].map((s) => [s._id, s.name]));
  const children = new Map<string | null, TSpaceSummary[]>();
  for (const space of list) {
    const key = space.parent && listed.has(space.parent) ? space.parent : null;
    children.set(key, [...(children.get(key) ?? []), space]);
  }
  const rows: TSpaceRow[] = [];
  const visit = (key: string | null, level: number, seen: Set<string>) => {
    const kids = [...(children.get(key) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const space of kids) {
      if (seen.has(space._id)) continue;
      seen.add(space._id);
      const trail = idsAbove(space)
        .map((id) => names.get(id))
        .filter((name): name is string => Boolean(name));
      rows.push({ space, level, trail });
      visit(space._id, level + 1, seen);
    }
  };
  visit(null, 0, new Set());
  return rows;
}
