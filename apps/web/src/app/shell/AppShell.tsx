import { useEffect, useState, type ReactNode } from 'react';
import { Drawer, Layout } from 'antd';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@audit/domain/constants';
import { BackgroundSync } from '../../offline/BackgroundSync';
import { StorageSpaceWarning } from '../../offline/StorageSpaceWarning';
import { NotificationDrawer } from '../../features/notifications/NotificationDrawer';
import { changeLanguage } from '../../i18n';
import { homePathFor, type TMe } from '../../session/me';
import { takeFreshSignIn } from '../../session/storage';
import { Forbidden } from '../../ui/ComingSoon';
import { TopProgress } from '../../ui/TopProgress';
import { useViewport } from '../../ui/useViewport';
import { canOpenPath } from '../menu';
import { BRAND } from '../theme';
import { AppHeader } from './AppHeader';
import { Breadcrumbs } from './Breadcrumbs';
import { Sidebar } from './Sidebar';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The shell: sidebar 290 px (70 px collapsed; collapsed under 992 px; a drawer on phones), the top
 * header, breadcrumbs and the page. A path of a menu entry the user may not see answers 403.
 */
export function AppShell({ me, linkable }: { me: TMe; linkable: (path: string) => boolean }) {
  const { isMobile, isCompact } = useViewport();
  const { pathname } = useLocation();
  const [userCollapsed, setUserCollapsed] = useState<boolean | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const collapsed = userCollapsed ?? isCompact;
  // A screen's chunk (or its loader) on its way: the current page stays, a bar runs at the top.
  const loading = useNavigation().state === 'loading';

  // After a sign-in the user's saved language (profile, header switch) replaces this device's.
  useEffect(() => {
    if (takeFreshSignIn() && (me.language === 'es' || me.language === 'en')) void changeLanguage(me.language);
  }, [me.language]);

  const toggle = () => (isMobile ? setDrawerOpen(true) : setUserCollapsed(!collapsed));
  const page: ReactNode = canOpenPath(me, pathname) ? <Outlet /> : <Forbidden homePath={homePathFor(me)} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {loading && <TopProgress />}
      {!isMobile && (
        <Layout.Sider width={SIDEBAR_WIDTH} collapsedWidth={SIDEBAR_COLLAPSED_WIDTH} collapsed={collapsed} trigger={null} className="shell-sider">
          <Sidebar me={me} collapsed={collapsed} />
        </Layout.Sider>
      )}
      {isMobile && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: BRAND.sidebar } }}
        >
          <Sidebar me={me} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <AppHeader isMobile={isMobile} collapsed={collapsed} onToggleSidebar={toggle} onOpenNotifications={() => setNotificationsOpen(true)} />
        <Layout.Content className="shell-content" style={{ padding: isMobile ? 12 : 24 }}>
          <StorageSpaceWarning />
          <Breadcrumbs me={me} linkable={linkable} />
          <main>{page}</main>
        </Layout.Content>
      </Layout>
      <BackgroundSync />
      <UpdatePrompt />
      <NotificationDrawer open={notificationsOpen} onClose={() => setNotificationsOpen(false)} fullWidth={isMobile} />
    </Layout>
  );
}
