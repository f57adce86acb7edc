import { useTranslation } from 'react-i18next';
import { HomePage } from '../features/home/HomePage';
import { homePathFor, useMe } from '../session/me';
import { ComingSoon } from '../ui/ComingSoon';
import { canOpenPath } from './menu';

/** The home of a kind of user: what needs attention today, in the sections the sidebar lets the user open (decision 0080). */
export function HomeRoute({ kind }: { kind: 'auditor' | 'client' }) {
  const me = useMe().data!;
  return <HomePage kind={kind} me={me} canOpen={(path) => canOpenPath(me, path)} />;
}

export function SectionComingSoon({ menuKey }: { menuKey: string }) {
  const { t } = useTranslation();
  const me = useMe().data;
  return <ComingSoon title={t(`menu.${menuKey}`)} homePath={homePathFor(me)} />;
}
