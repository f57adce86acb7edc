import { Suspense, useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { TMe } from '../../session/me';
import { usePaintedOnce } from '../../ui/usePaintedOnce';
import { findMenuTrail, menuLabelKey, openKeysFor, visibleMenu, type TMenuEntry } from '../menu';

type TItem = Required<MenuProps>['items'][number];

export function SidebarMenu({ me, collapsed, onNavigate }: { me: TMe; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = useMemo(() => visibleMenu(me), [me]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(pathname, entries));

  useEffect(() => {
    const needed = openKeysFor(pathname, entries);
    if (needed.length) setOpenKeys((keys) => [...new Set([...keys, ...needed])]);
  }, [pathname, entries]);

  const toItem = (entry: TMenuEntry, depth: number): TItem => {
    const Badge = entry.badge;
    const text = t(menuLabelKey(entry));
    const label = Badge ? (
      <>
        {text} {/* A manifest's badge may load on demand: the label shows at once, the count when it comes. */}
        <Suspense fallback={null}>
          <Badge menuKey={entry.key} />
        </Suspense>
      </>
    ) : (
      text
    );
    const icon = depth === 0 ? entry.icon : undefined;
    if (entry.children) return { key: entry.key, icon, label, children: entry.children.map((child) => toItem(child, depth + 1)) };
    return {
      key: entry.path!,
      icon,
      label: (
        <Link to={entry.path!} onClick={onNavigate}>
          {label}
        </Link>
      ),
    };
  };

  // The most specific entry: /templates/registers lights "Plantillas de registro", not "Plantillas".
  const selected = findMenuTrail(pathname, entries)?.at(-1)?.path;
  // antd's Menu is the shell's costliest part to mount (0.15 s on a tablet): it comes in the frame
  // after the page's first, which a page opened by its address then shows that much sooner (decision 0124).
  const painted = usePaintedOnce();

  return (
    <nav aria-label={t('shell.navigation')}>
      {painted && (
        <Menu
          theme="dark"
          mode="inline"
          inlineCollapsed={collapsed}
          items={entries.map((entry) => toItem(entry, 0))}
          selectedKeys={selected ? [selected] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          style={{ borderInlineEnd: 'none' }}
        />
      )}
    </nav>
  );
}
