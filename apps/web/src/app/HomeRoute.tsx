import { useTranslation } from 'react-i18next';
import { HomePage, type TShortcut } from '../features/home/HomePage';
import { homePathFor, useMe } from '../session/me';
import { ComingSoon } from '../ui/ComingSoon';
import { menuLabelKey, menuLeaves, visibleMenu, type TMenuEntry } from './menu';
import { iconFor } from './shell/menuIcons';

function parentKeyOf(entry: TMenuEntry, entries: TMenuEntry[]): string | undefined {
  return entries.find((group) => group.children?.some((child) => child.key === entry.key))?.key;
}

/** The home of a kind of user, with shortcuts to the sidebar entries the user can see. */
export function HomeRoute({ kind }: { kind: 'auditor' | 'client' }) {
  const { t } = useTranslation();
  const me = useMe().data!;
  const visible = visibleMenu(me);
  const shortcuts: TShortcut[] = menuLeaves(visible)
    .filter((entry) => !entry.path!.startsWith('/home/'))
    .map((entry) => {
      const parent = parentKeyOf(entry, visible);
      return {
        key: entry.key,
        path: entry.path!,
        label: t(menuLabelKey(entry)),
        group: parent ? t(`menu.${parent}`) : undefined,
        icon: iconFor(entry.key, parent),
      };
    });
  return <HomePage kind={kind} me={me} shortcuts={shortcuts} />;
}

export function SectionComingSoon({ menuKey }: { menuKey: string }) {
  const { t } = useTranslation();
  const me = useMe().data;
  return <ComingSoon title={t(`menu.${menuKey}`)} homePath={homePathFor(me)} />;
}
