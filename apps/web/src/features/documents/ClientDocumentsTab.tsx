import type { TClientTabProps } from '../../manifest/manifest';
import { DocumentsBrowser } from './DocumentsBrowser';

/** The client page's Documents tab: the client's (or the establishment's) own folders. */
export function ClientDocumentsTab({ spaceId, spaceType }: TClientTabProps) {
  return <DocumentsBrowser space={spaceId} folderSpace={spaceType === 'AREA' ? undefined : spaceId} />;
}
