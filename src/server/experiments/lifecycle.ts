import type { Store } from '../store/store.js';

export const AUTO_STOP_EVERY_MS = 60_000;

/**
 * Completes the property's tests whose auto_stop_days have passed, before anything reads them: the
 * timer alone could leave a test looking active for up to a minute (or, after a restart, until its
 * first tick). The state lives in the store, so nothing is lost across restarts.
 */
export function settleAutoStops(store: Pick<Store, 'autoStopExperiments'>, propertyId: string, now = new Date()) {
  return store.autoStopExperiments(now, propertyId);
}

/**
 * Checks every property every `everyMs`, so a test stops on time even when nobody reads it (reads
 * settle first anyway, so a start needs no check of its own). Returns the function that stops the
 * timer, resolving once a check in flight has ended.
 */
export function startAutoStopTimer(
  store: Pick<Store, 'autoStopExperiments'>,
  opts: { everyMs?: number; onError?: (error: unknown) => void } = {},
): () => Promise<void> {
  let inFlight: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    // One check at a time: a slow store must not pile up overlapping updates.
    inFlight = inFlight
      .then(() => (stopped ? [] : store.autoStopExperiments(new Date())))
      .catch((error) => opts.onError?.(error));
  };
  const timer = setInterval(tick, opts.everyMs ?? AUTO_STOP_EVERY_MS);
  timer.unref(); // never what keeps a process alive
  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  };
}
