import { Suspense } from 'react';
import { Card, Result, Tabs } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { contributedClientTabs } from '../../manifest/clientTabs';
import { userCan, useMe } from '../../session/me';
import { DetailHeader } from '../../ui/DetailHeader';
import { GoalsEditor } from '../../ui/goals/GoalsEditor';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useRemoveStructure, useStructure } from './clientsApi';
import { ClientGeneral } from './ClientGeneral';
import { StructureTab } from './StructureTab';
import { ClientUsersTab } from './ClientUsersTab';

// The history tab comes from the admin feature's manifest (the traces, decision 0055); the
// contracts tab from the contracts feature's (decision 0083), the calendar from the calendar's (0087), the
// documents tab from the documents feature's (0088).
export const CLIENT_TABS = ['structure', 'general', 'services', 'users'] as const;
type TTab = (typeof CLIENT_TABS)[number];

function LaterRelease({ tab }: { tab: TTab }) {
  const { t } = useTranslation();
  return <Result icon={<RocketOutlined style={{ color: '#0b6e5f' }} />} title={t(`clients.tabs.${tab}`)} subTitle={t('common.comingSoon')} />;
}

/** /clients/:id/:tab: a client (or one of its establishments or areas) with its tabs. */
export function ClientPage() {
  const { t } = useTranslation();
  const { id = '', tab = 'structure' } = useParams();
  const navigate = useNavigate();
  const structure = useStructure(id);
  const remove = useRemoveStructure();
  const me = useMe();
  // Tabs other features add through their manifests (e.g. the registers), after the page's own.
  const extraTabs = contributedClientTabs(CLIENT_TABS).filter(
    (extra) => userCan(me.data, ...(extra.permissions ?? [])) && (!extra.spaceTypes || !structure.data || extra.spaceTypes.includes(structure.data.type)),
  );
  const extra = extraTabs.find((candidate) => candidate.key === tab);
  if (!CLIENT_TABS.includes(tab as TTab) && !(extra && me.data)) {
    if (me.isPending || structure.isPending) return <PageSkeleton rows={8} />;
    return <Navigate to={`/clients/${id}/structure`} replace />;
  }
  if (structure.isPending) return <PageSkeleton rows={8} />;
  if (structure.isError) return <ErrorState error={structure.error} onRetry={() => void structure.refetch()} />;
  const s = structure.data;
  const tabContent = (key: TTab) => {
    if (key === 'structure') return <StructureTab root={s} />;
    if (key === 'general') return <ClientGeneral s={s} />;
    // The services it is audited for and their goals, own or inherited (decision 0023).
    if (key === 'services') return <GoalsEditor spaceId={s._id} canEdit={s.can.update} />;
    if (key === 'users') return <ClientUsersTab s={s} />;
    return <LaterRelease tab={key} />;
  };
  const back = () => (s.parent && s.type !== 'STRUCTURE' ? navigate(`/clients/${s.parent}/structure`) : navigate('/clients'));
  return (
    <Card>
      <DetailHeader
        mode="view"
        title={s.name}
        subtitle={t(`clients.type.${s.type}`)}
        onBack={back}
        onEdit={s.can.update ? () => navigate(`/clients/${s._id}/edit`) : undefined}
        onDelete={s.can.delete ? () => remove.mutate({ type: s.type, id: s._id, cascade: s.childrenCount > 0 }, { onSuccess: back }) : undefined}
        deleting={remove.isPending}
        deleteQuestion={s.childrenCount > 0 ? t('clients.cascadeQuestion', { name: s.name, count: s.childrenCount }) : undefined}
      />
      <Tabs
        style={{ marginTop: 16 }}
        activeKey={tab}
        onChange={(key) => navigate(`/clients/${id}/${key}`)}
        items={[
          ...CLIENT_TABS.map((key) => ({ key: key as string, label: t(`clients.tabs.${key}`), children: tabContent(key) })),
          ...extraTabs.map(({ key, labelKey, Content }) => ({
            key,
            label: t(labelKey),
            children: (
              <Suspense fallback={<PageSkeleton />}>
                <Content spaceId={s._id} spaceType={s.type} />
              </Suspense>
            ),
          })),
        ]}
      />
    </Card>
  );
}
