/**
 * Resolves in a task after the next frame is painted: what was rendered before the call is on the
 * screen before the work that follows runs. A hidden page has no frames: at once. `capMs` bounds
 * the wait where the work must not starve behind a slow frame (none: as long as the frame takes).
 */
export function afterPaint(capMs?: number): Promise<void> {
  if (typeof document === 'undefined' || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const cap = capMs === undefined ? undefined : setTimeout(resolve, capMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(cap);
        resolve();
      }, 0),
    );
  });
}
