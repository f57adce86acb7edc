import { ContractsList } from './ContractsList';

/** /contracts: every contract the user may read (`?contract=` opens one). */
export function ContractsPage() {
  return <ContractsList />;
}
