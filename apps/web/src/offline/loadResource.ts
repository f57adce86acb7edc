import { isApiError, NETWORK_ERROR } from '../api/errors';
import { currentUserId } from '../session/sessionOwner';
import { keepServerCopy, readCopy, withQueued } from './copies';
import { queueStore } from './queueStore';
import type { TQueueRecord } from './records';
import { kindOf, parseResource, resourceOf } from './resources';
import { writesStarted } from './writesInFlight';

/** Resources this tab shows from the device (the header says so; the next sync reloads them from the server). */
const fromDevice = new Set<string>();
export const shownFromDevice = (resource: string) => fromDevice.has(resource);
const fromDeviceListeners = new Set<() => void>();
/** Told when a resource starts or stops being shown from the device (e.g. a copy shown first, then the server unreachable). */
export function subscribeFromDevice(listener: () => void) {
  fromDeviceListeners.add(listener);
  return () => void fromDeviceListeners.delete(listener);
}
function markFromDevice(resource: string, shown = true) {
  if (fromDevice.has(resource) === shown) return;
  if (shown) fromDevice.add(resource);
  else fromDevice.delete(resource);
  for (const listener of fromDeviceListeners) listener();
}

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
 * With `deviceFirst` and nothing queued, a kept copy read before the server answers is answered at
 * once; the server's answer follows through `takeLaterAnswer` (decision 0109).
 */
export async function loadResource<T>(resource: string, answered?: TServerAnswer<T>, options: { deviceFirst?: boolean } = {}): Promise<T> {
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
    markFromDevice(resource);
    return withQueued(kind, data, queued, await ids());
  };
  const kept = (data: T) => {
    if (user && kind.keepCopy(data, user)) void keepServerCopy(resource, user, data, loadedAt).catch(() => undefined);
    markFromDevice(resource, false);
  };
  if (queued.length) {
    const copy = await local();
    if (copy) return shown(copy);
  }
  if (options.deviceFirst && !answered) {
    // The copy, unless the server answers first (on a fast network the copy would only be replaced).
    const copyRead = local();
    const first = await Promise.race([server.then(() => null), copyRead]);
    if (first) {
      const writesAtShow = writesStarted(resource);
      later.set(
        resource,
        server.then(({ data, error }): TLaterAnswer<T> => {
          if (data) {
            kept(data);
            return { kind: 'answer', data, writesAtShow };
          }
          if (unreachable(error)) {
            markFromDevice(resource);
            return { kind: 'unreachable' };
          }
          return { kind: 'refused', error };
        }),
      );
      return first;
    }
  }
  const { data, error } = await server;
  if (data) {
    kept(data);
    // Changes waiting without a copy (none was kept): shown on the server's answer.
    return queued.length ? withQueued(kind, data, queued, await ids()) : data;
  }
  const copy = unreachable(error) ? await local() : null;
  if (!copy) throw error;
  return shown(copy);
}

// ---- the device's copy first (decision 0109)
/**
 * What became of the server's answer after a `deviceFirst` load showed the device's copy: its
 * answer (with how many writes of the resource this tab had started when the copy was shown), the
 * server unreachable (the copy stands, shown from the device), or a refusal (an error the page
 * shows by loading again).
 */
export type TLaterAnswer<T> = { kind: 'answer'; data: T; writesAtShow: number } | { kind: 'unreachable' } | { kind: 'refused'; error: unknown };
const later = new Map<string, Promise<TLaterAnswer<unknown>>>();

/** The server's answer that follows the copy a `deviceFirst` load showed, once: for the page showing it. */
export function takeLaterAnswer<T>(resource: string): Promise<TLaterAnswer<T>> | undefined {
  const answer = later.get(resource);
  later.delete(resource);
  return answer as Promise<TLaterAnswer<T>> | undefined;
}
