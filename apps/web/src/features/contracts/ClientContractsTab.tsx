import type { TClientTabProps } from '../../manifest/manifest';
import { ContractsList } from './ContractsList';

/** The client page's Contracts tab (/clients/:id/contracts): the client's own contracts. */
export function ClientContractsTab({ spaceId }: TClientTabProps) {
  return <ContractsList clientId={spaceId} />;
}
