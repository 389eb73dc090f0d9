import type { TrackerConfig } from '../contract/experiments.js';

/** The page URL parameter that forces a variant for one page load: `?sl_preview=EXP_ID:VARIANT`. */
export const PREVIEW = 'sl_preview';

/**
 * The `[experiment id, variant]` a preview link asks for, when the site's own served config runs that
 * test and it has that variant; else null (the page runs as usual) with a note in the console, since
 * the person who opened the link is looking for one. Only an index comes from the URL, never content.
 */
export function previewOf(config: TrackerConfig | undefined): [string, number] | null {
  const asked = new URLSearchParams(location.search).get(PREVIEW);
  if (!asked) return null;
  const at = asked.lastIndexOf(':');
  const id = asked.slice(0, at);
  const variant = asked.slice(at + 1);
  const test = ((config && config.experiments) || []).filter((e) => e.id == id)[0];
  if (test && /^\d+$/.test(variant) && +variant < test.variants.length) return [id, +variant];
  console.info(
    'Sightline: no preview of ' + asked + (test ? ': no such variant' : ': not a running test on this page’s ?p= tag'),
  );
  return null;
}
