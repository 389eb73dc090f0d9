import { SingleBar } from 'cli-progress';

/** How a copy of a store's contents (migrate, or an import of an export) tells how far it is. */
export interface CopyProgress {
  /** `n` more rows of `kind` copied. */
  copied(kind: string, n: number): void;
  /** Every event is read: the target store now writes and commits them. */
  committing(): void;
  /** `kind` is finished, with `total` rows. */
  done(kind: string, total: number): void;
  /** Leaves the last line as it stands (call it whatever happened). */
  stop(): void;
}

export const silentCopy: CopyProgress = {
  copied: () => undefined,
  committing: () => undefined,
  done: () => undefined,
  stop: () => undefined,
};

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Progress on `stream` (stderr). On a terminal, a line per kind that counts up in place. Elsewhere
 * (a log file, a CI job), with `lines`, one line per finished kind and, while events copy, one every
 * `everyMs` with the rows so far: a migration of minutes says it is alive without flooding the log.
 * Without `lines`, nothing: an import's stderr stays its error alone.
 */
export function copyProgress(
  stream: NodeJS.WriteStream = process.stderr,
  { lines = false, everyMs = 10_000 }: { lines?: boolean; everyMs?: number } = {},
): CopyProgress {
  if (stream.isTTY) return terminalCopy(stream);
  if (!lines) return silentCopy;
  const rows = new Map<string, number>();
  let lastLine = Date.now();
  return {
    copied(kind, n) {
      rows.set(kind, (rows.get(kind) ?? 0) + n);
      if (Date.now() - lastLine < everyMs) return;
      lastLine = Date.now();
      stream.write(`${kind}: ${count(rows.get(kind)!)} copied so far\n`);
    },
    committing: () => void stream.write('events: all read; committing…\n'),
    done: (kind, total) => void stream.write(`${kind}: ${count(total)} copied\n`),
    stop: () => undefined,
  };
}

function terminalCopy(stream: NodeJS.WriteStream): CopyProgress {
  let bar: SingleBar | undefined;
  let current: string | undefined;
  const start = (format: string, kind: string) => {
    bar?.stop();
    current = kind;
    // No total: the bar is a counter; it redraws on its own timer, so the seconds keep counting.
    bar = new SingleBar({ format, stream, hideCursor: true, formatValue: (v) => count(v) });
    bar.start(0, 0);
  };
  return {
    copied(kind, n) {
      if (kind !== current) start(`${kind}: {value} copied | {duration_formatted}`, kind);
      bar!.increment(n);
    },
    committing: () => start('events: committing… {duration_formatted}', 'committing'),
    done(kind, total) {
      if (kind !== current) start(`${kind}: {value} copied | {duration_formatted}`, kind);
      bar!.update(total);
      bar!.stop();
      bar = current = undefined;
    },
    stop() {
      bar?.stop();
      bar = current = undefined;
    },
  };
}
