/**
 * The writes of each resource this tab has started, and those not answered yet. A page that showed a
 * resource from the device before the server answered (loadResource's `deviceFirst`) takes the
 * server's answer only when no write of its own started meanwhile: one sent after the server read
 * the resource would be missing from its answer. Otherwise it waits for its writes to be answered
 * and loads the resource again.
 */
const started = new Map<string, number>();
const inFlight = new Map<string, number>();
const settled = new Map<string, (() => void)[]>();

/** How many writes of the resource this tab has started so far (compare two readings). */
export const writesStarted = (resource: string) => started.get(resource) ?? 0;

/** Counts the write from now until it is answered, queued or refused. */
export async function trackWrite<T>(resource: string, write: () => Promise<T>): Promise<T> {
  const done = startWrite(resource);
  try {
    return await write();
  } finally {
    done();
  }
}

/**
 * Counts a write as started now, before its request leaves (a tap's request is sent after its frame
 * is painted, runner.ts): a server answer read meanwhile lacks it too. Call the returned function
 * once it is answered, queued or refused.
 */
export function startWrite(resource: string): () => void {
  started.set(resource, writesStarted(resource) + 1);
  inFlight.set(resource, (inFlight.get(resource) ?? 0) + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const left = (inFlight.get(resource) ?? 1) - 1;
    if (left > 0) inFlight.set(resource, left);
    else {
      inFlight.delete(resource);
      const waiting = settled.get(resource) ?? [];
      settled.delete(resource);
      for (const resolve of waiting) resolve();
    }
  };
}

/** Resolves once no write of the resource is waiting for its answer. */
export function whenWritesSettled(resource: string): Promise<void> {
  if (!inFlight.get(resource)) return Promise.resolve();
  return new Promise((resolve) => settled.set(resource, [...(settled.get(resource) ?? []), resolve]));
}
