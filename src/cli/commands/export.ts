import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Store } from '../../server/store/store.js';
import { CliError } from '../cli-error.js';
import { contentsOf, describeCounts } from '../store-export/store-contents.js';
import { writeNdjson } from '../store-export/write-ndjson.js';
import { writeParquet } from '../store-export/write-parquet.js';

const USAGE = 'usage: export [--format ndjson|parquet] [--out PATH] (parquet needs --out DIR)';

/**
 * `export`: everything the store holds (docs/moving-between-stores.md). Returns the summary line and
 * where it belongs: stdout when the export went to a file, stderr when it went to stdout itself.
 */
export async function exportCommand(
  store: Store,
  flags: { format?: string; out?: string },
): Promise<{ summary: string; toStderr: boolean }> {
  const format = flags.format ?? 'ndjson';
  if (format !== 'ndjson' && format !== 'parquet')
    throw new CliError(`--format: ndjson or parquet, not "${format}"; ${USAGE}`);
  if (format === 'parquet' && !flags.out)
    throw new CliError(`--out DIR: a Parquet export is a directory of files; ${USAGE}`);
  const contents = await contentsOf(store);
  if (format === 'parquet') {
    const counts = await writeParquet(contents, flags.out!);
    return { summary: `exported ${describeCounts(counts)} to ${flags.out}`, toStderr: false };
  }
  if (!flags.out) {
    const counts = await writeNdjson(contents, process.stdout).catch((error: unknown) => {
      // `export | head`: the reader went away; say so in one line rather than with a stack.
      if ((error as { code?: string }).code === 'EPIPE')
        throw new CliError('the output was closed before the export ended');
      throw error;
    });
    return { summary: `exported ${describeCounts(counts)}`, toStderr: true };
  }
  const file = createWriteStream(flags.out, { flags: 'wx' });
  try {
    // Opened before anything is read: a file already there fails now, as an error rather than an event.
    await once(file, 'open');
    const counts = await writeNdjson(contents, file);
    file.end();
    await finished(file);
    return { summary: `exported ${describeCounts(counts)} to ${flags.out}`, toStderr: false };
  } catch (error) {
    file.destroy();
    if ((error as { code?: string }).code === 'EEXIST')
      throw new CliError(`${flags.out} already exists; export writes a new file`);
    throw error;
  }
}
