import { useQuery } from '@tanstack/react-query';
import type { TCallBody } from '@audit/domain/calls/define';
import { nomenclatureCalls, type TNomenclatureKey } from '@audit/domain/calls/nomenclatures';
import { send, sendPage } from '../../api/send';

/** Options of the client form's selects: nomenclatures (geography: ui/geoOptions.ts). */
export interface TOption {
  _id: string;
  name: string;
}

/** The nomenclatures a client's form picks from (keys of packages/domain/src/calls/nomenclatures.ts). */
export type TNomenclature = Extract<TNomenclatureKey, 'areaTypes' | 'paymentTypes' | 'activities' | 'companies' | 'socialReasons'>;

/** A selector's options: names only, size 1000 (document 001, section 9). */
export const useNomenclatureOptions = (kind: TNomenclature) =>
  useQuery({
    queryKey: ['nomenclatures', kind, 'options'],
    queryFn: () => sendPage(nomenclatureCalls[kind].search, { page: 0, size: 1000, sort: 'name', projections: ['_id', 'name'] }),
    staleTime: 60_000,
  });

/** nomenclatures.socialReasons.create: a new social reason, from the establishment's selector. */
export const createSocialReason = (body: TCallBody<typeof nomenclatureCalls.socialReasons.create>) => send(nomenclatureCalls.socialReasons.create, { body });
