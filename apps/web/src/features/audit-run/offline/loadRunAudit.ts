import type { TAudit } from '@audit/domain/audits';
import { isApiError, NETWORK_ERROR } from '../../../api/errors';
import { readLocalAudit } from './auditStore';
import { currentUserId } from '../../../session/sessionOwner';
import { queueStore } from './queueStore';
import type { TMultipartData, TQueueRecord } from './records';

/** Audits this tab shows from the local copy (the header says so; the next sync reloads them from the server). */
const fromDevice = new Set<string>();
export const shownFromLocalCopy = (auditId: string) => fromDevice.has(auditId);

const unreachable = (error: unknown) => isApiError(error) && (error.name === NETWORK_ERROR || error.status === 502 || error.status === 503 || error.status === 504);

/**
 * The run view's audit. While changes of it wait in the queue, the local copy is the truth (it has
 * them; the server does not yet); otherwise the server's, and when the server cannot be reached,
 * the local copy again. Without a local copy the error stands.
 */
export async function loadRunAudit(auditId: string, fetchAudit: (id: string) => Promise<TAudit>): Promise<TAudit> {
  const user = currentUserId();
  // The call starts at once: reading the queue must not delay the usual (online) load.
  const server = fetchAudit(auditId).then((audit) => ({ audit, error: null }), (error: unknown) => ({ audit: null, error }));
  const queued = user ? (await queueStore.list().catch(() => [] as TQueueRecord[])).filter((r) => r.user === user && r.auditId === auditId) : [];
  const local = () => (user ? readLocalAudit(auditId, user).catch(() => null) : Promise.resolve(null));
  if (queued.length) {
    const copy = await local();
    if (copy) return fromLocal(copy, queued);
  }
  const { audit, error } = await server;
  if (audit) {
    fromDevice.delete(auditId);
    return audit;
  }
  const copy = unreachable(error) ? await local() : null;
  if (!copy) throw error;
  return fromLocal(copy, queued);
}

function fromLocal(audit: TAudit, queued: TQueueRecord[]): TAudit {
  fromDevice.add(audit._id);
  return withQueuedPictures(audit, queued);
}

const pictureUrls = new Map<string, string>();

/**
 * Pictures taken offline show from blob: URLs that died with the page that made them; the queued
 * upload still holds the file, so each gets a new URL from it (one per picture for the tab's life).
 */
export function withQueuedPictures(audit: TAudit, queued: TQueueRecord[]): TAudit {
  const files = new Map(queued.filter((r) => r.creates && r.request.blob).map((r) => [r.creates!, (r.request.data as TMultipartData).file]));
  if (!files.size) return audit;
  const urlOf = (id: string, url: string) => {
    const file = files.get(id);
    if (!file) return url;
    let fresh = pictureUrls.get(id);
    if (!fresh) pictureUrls.set(id, (fresh = URL.createObjectURL(file)));
    return fresh;
  };
  return {
    ...audit,
    sections: audit.sections.map((section) => ({
      ...section,
      questions: section.questions.map((q) => ({
        ...q,
        noteImages: q.noteImages.map((image) => ({ ...image, url: urlOf(image._id, image.url) })),
        issues: q.issues.map((issue) => ({ ...issue, evidences: issue.evidences.map((e) => ({ ...e, url: urlOf(e._id, e.url) })) })),
      })),
    })),
  };
}
