/**
 * A counting semaphore whose waiters can give up: `take` resolves when a slot is free, or rejects with
 * the signal's reason when it aborts first (a report whose budget ran out while queued never starts).
 */
export class Slots {
  private readonly waiting: { start: () => void }[] = [];

  constructor(private free: number) {}

  take(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        start: () => {
          signal.removeEventListener('abort', giveUp);
          resolve();
        },
      };
      const giveUp = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', giveUp, { once: true });
      this.waiting.push(waiter);
    });
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.free++;
  }
}
