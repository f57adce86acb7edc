import { useCallback, useSyncExternalStore } from 'react';
import { useOnline } from '../ui/useOnline';
import { shownFromDevice, subscribeFromDevice } from './loadResource';
import { useQueuedFor } from './queueState';
import { useSyncState } from './syncController';

/**
 * What a resource's page says of its connectivity: the browser online or not; "online" for the
 * resource only when it is not shown from the device (the server could not be reached when it was
 * loaded); its changes waiting, the last error they met, and whether a sync is running.
 */
export function useConnectivity(resource: string) {
  const browserOnline = useOnline();
  const fromDevice = useShownFromDevice(resource);
  const online = browserOnline && !fromDevice;
  const { count, lastError } = useQueuedFor(resource);
  const syncing = useSyncState().active;
  return { browserOnline, online, pending: count, lastError, syncing };
}

/** Whether the resource is shown from the device (the server could not be reached), rendered again when that changes. */
export function useShownFromDevice(resource: string) {
  const read = useCallback(() => shownFromDevice(resource), [resource]);
  return useSyncExternalStore(subscribeFromDevice, read, read);
}
