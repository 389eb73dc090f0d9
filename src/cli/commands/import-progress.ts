import { Presets, SingleBar } from 'cli-progress';

/**
 * What an import shows while it works: a bar per phase over the file's bytes (hashing, reading), then
 * a line counting the seconds while the store writes and commits what was read, which can take as
 * long again (a bar standing at 100% for 9 s looked like a hang).
 */
export interface ImportProgress {
  /** A new phase, measured in bytes of the file. */
  bytes(phase: string, total: number): void;
  /** Bytes done in the current phase. */
  update(done: number): void;
  /** Every event is read: the store now writes and commits them. */
  committing(): void;
  /** Leaves the last line as it stands (call it whatever happened). */
  stop(): void;
}

export const silentProgress: ImportProgress = {
  bytes: () => undefined,
  update: () => undefined,
  committing: () => undefined,
  stop: () => undefined,
};

const megabytes = (v: number, _options: unknown, type: string) =>
  type === 'value' || type === 'total' ? (v / 1e6).toFixed(1) : String(v);

/**
 * Progress on `stream` (stderr) when it is a terminal, and nothing otherwise: a script or a test
 * reading stderr gets the error lines alone, stdout keeps the summary alone.
 */
export function importProgress(stream: NodeJS.WriteStream = process.stderr): ImportProgress {
  if (!stream.isTTY) return silentProgress;
  let bar: SingleBar | undefined;
  const start = (format: string, total: number) => {
    bar?.stop();
    bar = new SingleBar({ format, stream, formatValue: megabytes, hideCursor: true }, Presets.shades_classic);
    bar.start(total, 0);
  };
  return {
    bytes: (phase, total) => start(`${phase} {bar} {percentage}% | {value}/{total} MB | {duration_formatted}`, total),
    update: (done) => bar?.update(done),
    // The bar redraws on its own timer, so the seconds go on counting while the commit runs.
    committing: () => start('committing… {duration_formatted}', 1),
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
