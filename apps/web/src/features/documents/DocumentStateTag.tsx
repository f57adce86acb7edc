import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TDocumentState } from '@audit/domain/documents/schemas';

const COLORS: Record<TDocumentState, string> = { expired: 'red', expiring: 'orange', valid: 'green', none: 'default' };

/** Red expired, amber within 30 days, green fine (decision 0088). */
export function DocumentStateTag({ state }: { state: TDocumentState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-state={state}>
      {t(`documents.state.${state}`)}
    </Tag>
  );
}
