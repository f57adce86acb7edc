import { RequireAuth } from '../RequireAuth';
import { AppShell } from './AppShell';

/** The signed-in shell: the session's user, then the sidebar, header and page (a chunk of its own). */
export function SignedIn({ linkable }: { linkable: (path: string) => boolean }) {
  return <RequireAuth>{(me) => <AppShell me={me} linkable={linkable} />}</RequireAuth>;
}
