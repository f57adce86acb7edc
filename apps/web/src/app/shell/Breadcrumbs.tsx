import { useMemo } from 'react';
import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { homePathFor, type TMe } from '../../session/me';
import { breadcrumbTrail } from '../breadcrumbTrail';
import { visibleMenu } from '../menu';

/** Home, then the sidebar's words for where the user is (app/breadcrumbTrail.ts); `linkable` says which paths are screens. */
export function Breadcrumbs({ me, linkable }: { me: TMe; linkable: (path: string) => boolean }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const home = homePathFor(me);
  const menu = useMemo(() => visibleMenu(me), [me]);
  const crumbs = breadcrumbTrail({ pathname, home, menu, t, has: (key) => i18n.exists(key), linkable });
  const items = [
    {
      key: 'home',
      title: (
        <Link to={home} aria-label={t('breadcrumb.home')}>
          <HomeOutlined /> {t('breadcrumb.home')}
        </Link>
      ),
    },
    ...crumbs.map((crumb) => ({ key: crumb.key, title: crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label })),
  ];
  return <Breadcrumb items={items} className="shell-breadcrumbs" />;
}
