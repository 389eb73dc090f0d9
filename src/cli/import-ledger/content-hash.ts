import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportProgress } from '../commands/import-progress.js';
import { exportKinds, kindFormats } from '../store-export/export-format.js';

export interface ContentHash {
  /** Lower-case hex. */
  sha256: string;
  size_bytes: number;
}

/**
 * The files an import of `path` reads, in name order: the file itself, or a Parquet export
 * directory's files of known kinds (anything else in the directory is not read, so not hashed).
 */
export function contentFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return exportKinds
    .map((k) => kindFormats[k].file)
    .filter((f) => existsSync(join(path, f)))
    .sort()
    .map((f) => join(path, f));
}

/**
 * SHA-256 of what an import of `path` reads, streamed (files can be GBs). A directory's files are
 * hashed one after another as their bytes: renaming the directory or moving it changes nothing, and
 * the kinds' fixed file names keep two different exports from hashing alike.
 */
export async function contentHash(
  path: string,
  progress?: Pick<ImportProgress, 'bytes' | 'update'>,
): Promise<ContentHash> {
  const files = contentFiles(path);
  progress?.bytes(
    'hashing',
    files.reduce((sum, f) => sum + statSync(f).size, 0),
  );
  const hash = createHash('sha256');
  let done = 0;
  for (const file of files) {
    const stream = createReadStream(file, { highWaterMark: 1 << 20 });
    for await (const chunk of stream) {
      hash.update(chunk as Buffer);
      done += (chunk as Buffer).length;
      progress?.update(done);
    }
  }
  return { sha256: hash.digest('hex'), size_bytes: done };
}
