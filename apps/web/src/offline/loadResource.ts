import { isApiError, NETWORK_ERROR } from '../api/errors';
import { currentUserId } from '../session/sessionOwner';
import { keepServerCopy, readCopy, withQueued } from './copies';
import { queueStore } from './queueStore';
import type { TQueueRecord } from './records';
import { kindOf, parseResource, resourceOf } from './resources';

/** Resources this tab shows from the device (the header says so; the next sync reloads them from the server). */
const fromDevice = new Set<string>();
export const shownFromDevice = (resource: string) => fromDevice.has(resource);

const unreachable = (error: unknown) =>
  isApiError(error) && (error.name === NETWORK_ERROR || error.status === 502 || error.status === 503 || error.status === 504);

/** What the server answered for the resource a moment ago (at `at`, ms), through another call: an audit's start answers the whole audit. */
export interface TServerAnswer<T> {
  data: T;
  at: number;
}

/**
 * A resource for its screen. While changes of it wait in the queue, the device's copy with those
 * changes applied is the truth (the server lacks them); otherwise the server's answer (kept as the
 * copy when the kind keeps one), and when the server cannot be reached, the copy again. Whichever
 * tab queued the changes, all of them are shown: the copy is the server's, never a tab's picture.
 * Without a copy the error stands. Given `answered`, that is the server's answer: it is not asked again.
 */
export async function loadResource<T>(resource: string, answered?: TServerAnswer<T>): Promise<T> {
  const kind = kindOf(resource);
  if (!kind) throw new Error(`No offline resource kind registered for ${resource}`);
  const { id } = parseResource(resource);
  const user = currentUserId();
  const loadedAt = answered?.at ?? Date.now();
  // The call starts at once: reading the queue must not delay the usual (online) load.
  const server = (answered ? Promise.resolve(answered.data) : (kind.load(id) as Promise<T>)).then(
    (data) => ({ data, error: null }),
    (error: unknown) => ({ data: null, error }),
  );
  const queued = user ? (await queueStore.list().catch(() => [] as TQueueRecord[])).filter((r) => r.user === user && resourceOf(r) === resource) : [];
  const ids = () => (queued.length ? queueStore.idMap().catch(() => new Map<string, string>()) : Promise.resolve(new Map<string, string>()));
  const local = async () => (user ? ((await readCopy<T>(resource, user).catch(() => null))?.data ?? null) : null);
  const shown = async (data: T) => {
    fromDevice.add(resource);
    return withQueued(kind, data, queued, await ids());
  };
  if (queued.length) {
    const copy = await local();
    if (copy) return shown(copy);
  }
  const { data, error } = await server;
  if (data) {
    if (user && kind.keepCopy(data, user)) void keepServerCopy(resource, user, data, loadedAt).catch(() => undefined);
    fromDevice.delete(resource);
    // Changes waiting without a copy (none was kept): shown on the server's answer.
    return queued.length ? withQueued(kind, data, queued, await ids()) : data;
  }
  const copy = unreachable(error) ? await local() : null;
  if (!copy) throw error;
  return shown(copy);
}
