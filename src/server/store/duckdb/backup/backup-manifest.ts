import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** A backup or a restore refused, with a reason for whoever ran it (the CLI prints it as it is). */
export class BackupError extends Error {}

export const MANIFEST = 'manifest.json';

const fileSchema = z.object({ bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

/** What `manifest.json` says of a backup; written last, so a directory without it is not a backup. */
const manifestSchema = z.object({
  format: z.literal('sightline-backup'),
  format_version: z.literal(1),
  /** The Sightline that took it (package.json); a restore runs migrations as any start does. */
  sightline_version: z.string(),
  store: z.literal('duckdb'),
  /** When the snapshot was taken: every event answered 202 before it is in the backup. */
  instant: z.iso.datetime(),
  /** Rows per table in the copied database, as of the instant. */
  tables: z.record(z.string(), z.number().int().min(0)),
  /** Collected batches not yet in the tables at the instant: kept in the inbox's log, written at the next start. */
  inbox: z.object({
    written_up_to: z.number().int().min(0),
    batches: z.number().int().min(0),
    events: z.number().int().min(0),
  }),
  /** Every file of the backup but this one, by its path inside the backup (`/`-separated). */
  files: z.record(z.string(), fileSchema),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupFiles = BackupManifest['files'];

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Size and SHA-256 of every file under `dir` except the manifest. */
export async function describeFiles(dir: string): Promise<BackupFiles> {
  const files: BackupFiles = {};
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries.filter((e) => e.isFile()).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(entry.parentPath, entry.name);
    const name = relative(dir, path).split(sep).join('/');
    if (name === MANIFEST) continue;
    files[name] = { bytes: (await stat(path)).size, sha256: await sha256Of(path) };
  }
  return files;
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n', { flag: 'wx' });
}

/** The backup's manifest, once every file it names is there with its size and hash, and no other. */
export async function readVerifiedManifest(dir: string): Promise<BackupManifest> {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) throw new BackupError(`${dir} is not a complete backup: it has no ${MANIFEST}`);
  let parsed: BackupManifest;
  try {
    parsed = manifestSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  } catch (error) {
    throw new BackupError(`${path} is not a Sightline backup manifest: ${(error as Error).message}`);
  }
  const found = await describeFiles(dir);
  for (const [name, expected] of Object.entries(parsed.files)) {
    const actual = found[name];
    if (!actual) throw new BackupError(`the backup lacks ${name}, which its manifest lists`);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256)
      throw new BackupError(`${name} differs from what the manifest recorded (size or SHA-256): the backup is damaged`);
  }
  const extra = Object.keys(found).filter((name) => !(name in parsed.files));
  if (extra.length > 0) throw new BackupError(`the backup holds files its manifest does not list: ${extra.join(', ')}`);
  return parsed;
}
