import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { TrackerConfig } from '../../contract/experiments.js';

const entry = fileURLToPath(new URL('../../tracker/index.ts', import.meta.url));
const sanitizingEntry = fileURLToPath(new URL('../../tracker/index-sanitizing.ts', import.meta.url));

/**
 * The tracker served at /sightline.js: src/tracker bundled into one minified IIFE for ES2019
 * browsers (no modules, so it runs from a plain or deferred script tag). Takes ~50 ms; build once.
 * `htmlSanitizer` adds DOMPurify (~30 KB, ~12 KB gzipped), without which the script skips `html` changes.
 */
export async function buildTracker(opts: { htmlSanitizer?: boolean } = {}): Promise<string> {
  const result = await build({
    entryPoints: [opts.htmlSanitizer ? sanitizingEntry : entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    platform: 'browser',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Whether a configuration has an `html` change, and so needs the script built with `htmlSanitizer`. */
export const needsHtmlSanitizer = (config: TrackerConfig): boolean =>
  config.experiments.some((e) =>
    e.variants.some((v) => ('changes' in v ? (v.changes ?? []) : []).some((c) => c.op === 'html')),
  );
