import { RequireAuth } from '../RequireAuth';
import { AppShell } from './AppShell';
// Resource kinds of the offline layer (docs/decisions/0021): known before any replay, which only a
// signed-in shell starts; kept out of the sign-in page's download (docs/decisions/0017).
import '../../features/audit-run/offline/auditResource';
import '../../features/register-logs/offline/registerResource';
import '../../features/incidents/offline/incidentResource';

/** The signed-in shell: the session's user, then the sidebar, header and page (a chunk of its own). */
export function SignedIn({ linkable }: { linkable: (path: string) => boolean }) {
  return <RequireAuth>{(me) => <AppShell me={me} linkable={linkable} />}</RequireAuth>;
}
