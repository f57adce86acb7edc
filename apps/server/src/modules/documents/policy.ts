import type { TIdentity } from '../../platform/identity.js';
import { definePolicy, holdsOn } from '../../platform/policy.js';

/**
 * Documents (decision 0088): GOOGLE_DRIVE_VIEW opens them (the catalogue has no other documents
 * permission). Whoever sees a document may read, upload a version and share it; renaming or deleting
 * it (or a folder) is for who uploaded it, or for the people above its space (the audit company for
 * a client's documents), never for another client's user.
 */
export interface TDocumentAccessed {
  secureSpacePath: string;
  ownerId?: string | null;
  createdBy?: string | null;
}

const sees = (who: TIdentity, row: TDocumentAccessed) => holdsOn(who, row, 'GOOGLE_DRIVE_VIEW');
const manages = (who: TIdentity, row: TDocumentAccessed) => {
  const verdict = sees(who, row);
  if (verdict !== true) return verdict;
  const mine = (row.ownerId ?? row.createdBy) === who.userId;
  return who.isAdmin || mine || row.secureSpacePath !== who.spacePath;
};

export const documentPolicy = definePolicy<TDocumentAccessed, 'read' | 'upload' | 'share' | 'update' | 'delete'>({
  read: sees,
  upload: sees,
  share: sees,
  update: manages,
  delete: manages,
});
