import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../../tracker/index.ts', import.meta.url));

/**
 * The tracker served at /sightline.js: src/tracker bundled into one minified IIFE for ES2019
 * browsers (no modules, so it runs from a plain or deferred script tag). Takes ~50 ms; build once.
 */
export async function buildTracker(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
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
