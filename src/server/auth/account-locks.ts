const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` after every earlier call for the same account has finished. A code check reads the
 * account, compares, then writes the step it took (or the recovery code it used up): two requests
 * with one code at the same time must not both pass. Holds within one server; see docs/decisions.md.
 */
export function oneAtATime<T>(accountId: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(accountId) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(accountId, settled);
  void settled.then(() => {
    if (queues.get(accountId) === settled) queues.delete(accountId);
  });
  return run;
}
