import type { TLabPlace } from '@audit/domain/lab-data';
import type { TAuth } from '../../platform/auth.js';
import type { TModuleContext } from '../../platform/http.js';
import { searchStructures } from '../structures/service.js';

const ALL = { size: 1000, page: 0, filters: [], sort: 'name' };

interface TSummary {
  _id: string;
  name: string;
  parent: string | null;
}

/**
 * GET /lab-reports/places: the establishments of the caller's scope with their areas (the measuring
 * points), for the report form and the import. The laboratory role holds no ESTABLISHMENT:READ or
 * AREA:READ, so the lab-data module answers it from the structures service's summaries.
 */
export async function labPlaces(ctx: TModuleContext, caller: TAuth): Promise<TLabPlace[]> {
  const [clients, establishments, areas] = await Promise.all(
    (['clients', 'establishments', 'areas'] as const).map(
      async (variant) => (await searchStructures(ctx, caller, variant, ALL, 'summary')).items as unknown as TSummary[],
    ),
  );
  const clientName = new Map(clients!.map((c) => [c._id, c.name]));
  return establishments!.map((e) => ({
    _id: e._id,
    name: e.name,
    client: (e.parent && clientName.get(e.parent)) || null,
    areas: areas!.filter((a) => a.parent === e._id).map((a) => ({ _id: a._id, name: a.name })),
  }));
}
