import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TServiceContractStatus } from '@audit/domain/contracts/schemas';

const COLOURS: Record<TServiceContractStatus, string> = { DRAFT: 'default', ACTIVE: 'green', CLOSED: 'blue' };

export function ContractStatusTag({ status }: { status: TServiceContractStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} data-testid="contract-status">
      {t(`contracts.status.${status}`)}
    </Tag>
  );
}
