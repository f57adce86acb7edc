import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { categoriesService } from './definition.js';
import { childrenOf, descendantsOf, rootsOfType, type TCategoryRow } from './repo.js';

/** Direct children of a visible category, paged. */
export async function searchChildren(ctx: TModuleContext, caller: TAuth, parentId: string, body: TSearchBody) {
  await categoriesService.get(ctx, caller, parentId);
  return categoriesService.search(ctx, caller, body, childrenOf(parentId));
}

type TNode = ReturnType<typeof categoriesService.present> & { type: string; color: string | null; parent: string | null; children: TNode[] };

/** The tree of a type: top-level categories paged in SQL, each with all its visible subcategories. */
export async function searchTree(ctx: TModuleContext, caller: TAuth, type: string, body: TSearchBody) {
  return scoped(ctx, caller, async (tx) => {
    const page = await categoriesService.repo.searchRows(tx, caller, body, rootsOfType(type));
    const below = await descendantsOf(
      tx,
      caller,
      page.items.map((r) => r.id),
    );
    const byParent = new Map<string, TCategoryRow[]>();
    for (const row of below) byParent.set(row.parentId!, [...(byParent.get(row.parentId!) ?? []), row]);
    const build = (row: Parameters<typeof categoriesService.present>[0], seen: Set<string>): TNode => ({
      ...categoriesService.present(row, caller),
      type: row.type as string,
      color: (row.color as string | null) ?? null,
      parent: (row.parentId as string | null) ?? null,
      children: (byParent.get(row.id) ?? []).filter((c) => !seen.has(c.id)).map((c) => build(c, new Set([...seen, c.id]))),
    });
    return { items: page.items.map((r) => build(r, new Set([r.id]))), total: page.total };
  });
}

/** For modules that point at categories: a category or any of its subcategories (see repo.withinCategory). */
export { withinCategory } from './repo.js';
