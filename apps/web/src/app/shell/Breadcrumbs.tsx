import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { homePathFor, type TMe } from '../../session/me';

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Breadcrumbs from the path segments with a home root; `linkable` says which prefixes are screens. */
export function Breadcrumbs({ me, linkable }: { me: TMe; linkable: (path: string) => boolean }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const home = homePathFor(me);
  const segments = pathname === home || pathname.startsWith('/home/') ? [] : pathname.split('/').filter(Boolean);
  // breadcrumbPath.{path} names one path where its last segment alone is ambiguous (/settings is
  // "Configuración" while /admin/settings is "Ajustes"); else breadcrumb.{segment}.
  const label = (segment: string, path: string) => {
    if (ID_PATTERN.test(segment)) return t('breadcrumb.detail');
    const byPath = `breadcrumbPath.${path}`;
    if (i18n.exists(byPath)) return t(byPath);
    const key = `breadcrumb.${segment}`;
    return i18n.exists(key) ? t(key) : segment.replace(/-/g, ' ');
  };
  const items = [
    {
      key: 'home',
      title: (
        <Link to={home} aria-label={t('breadcrumb.home')}>
          <HomeOutlined /> {t('breadcrumb.home')}
        </Link>
      ),
    },
    ...segments.map((segment, index) => {
      const path = `/${segments.slice(0, index + 1).join('/')}`;
      const last = index === segments.length - 1;
      return { key: path, title: !last && linkable(path) ? <Link to={path}>{label(segment, path)}</Link> : label(segment, path) };
    }),
  ];
  return <Breadcrumb items={items} className="shell-breadcrumbs" />;
}
