import { Avatar, Card, Flex, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TStructure } from './clientsApi';
import { ActiveTag, GeoName } from './clientColumns';

/** A card of the directory view. */
export function ClientCard({ client }: { client: TStructure }) {
  const { t } = useTranslation();
  return (
    <Card size="small" hoverable data-testid="client-card">
      <Flex gap={12} align="start">
        <Avatar size={44} icon={<ShopOutlined />} style={{ background: '#2a9d8f', flex: 'none' }} />
        <Flex vertical style={{ minWidth: 0, flex: 1 }} gap={2}>
          <Link to={`/clients/${client._id}/structure`}>
            <Typography.Text strong ellipsis>
              {client.name}
            </Typography.Text>
          </Link>
          <Typography.Text type="secondary" ellipsis>
            {t(`clients.type.${client.type}`)}
            {client.cif ? ` · ${client.cif}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis>
            <GeoName level="cities" id={client.municipality} />
          </Typography.Text>
          <div>
            <ActiveTag active={client.active} t={t} />
          </div>
        </Flex>
      </Flex>
    </Card>
  );
}
