import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { TClientTabProps } from '../../manifest/manifest';
import { ClientRegistersList } from './ClientRegistersList';

/** /registers/client/:id: a client's registers, each with its status and pending takes, opening its log. */
export function ClientRegistersPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  return (
    <ClientRegistersList
      clientId={id}
      header={(registers) => <Typography.Title level={3}>{t('registerLogs.clientTitle', { client: registers[0]?.client.name ?? '' })}</Typography.Title>}
    />
  );
}

/** The client page's "Registros" tab (contributed through this feature's manifest, decision 0036). */
export function ClientRegistersTab({ spaceId }: TClientTabProps) {
  return <ClientRegistersList clientId={spaceId} />;
}
