import { Tag } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePendingRegisters, type TRegisterLine } from '../homeApi';
import { HomeSection } from '../HomeSection';

/** Registers whose current period still has takes to fill, each opening its log sheet (where the takes are entered). */
export function PendingRegistersSection({ seeAll }: { seeAll: string }) {
  const { t } = useTranslation();
  return (
    <HomeSection<TRegisterLine & { pending: number }>
      section="pendingRegisters"
      icon={<ProfileOutlined />}
      seeAll={seeAll}
      query={usePendingRegisters()}
      line={(register) => ({
        id: register._id,
        to: `/registers/log/${register._id}`,
        title: register.name,
        detail: [t(`registers.areaAccess.${register.areaAccess}`), register.client.name].join(' · '),
        extra: register.pending > 0 ? <Tag color="orange">{t('home.pendingTakes', { count: register.pending })}</Tag> : undefined,
      })}
    />
  );
}
