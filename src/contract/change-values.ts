import { LAYOUT_PROPERTIES } from './protected-elements.js';

/**
 * What an `image` or `css` change may hold, so no experiment carries a script URL to a page even where
 * today's browsers would refuse to run it (docs/tracking.md, "What an experiment can do to a page").
 */

/** Browsers drop tabs and newlines anywhere in a URL, and leading controls and spaces, before reading its scheme. */
const schemeOf = (url: string): string | null =>
  /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\t\n\r]/g, '').replace(/^[\0-\x20]+/, ''))?.[1].toLowerCase() ?? null;

/** Why an `image` value is not an http(s) URL or a relative one, or null. */
export function imageUrlProblem(value: string): string | null {
  if (value.trim() === '') return 'an image URL: https://… or a path such as /img/hero.png';
  // Control characters have no place in a URL.
  if (/[\0-\x1f\x7f]/.test(value)) return 'an image URL without control characters';
  // `//host/x.png` (and `/\host`) looks like a path but is another site: say which one, in full.
  if (/^[\0-\x20]*[\\/][\\/]/.test(value)) return 'https://host/… for another site, or a path starting with one /';
  const scheme = schemeOf(value);
  return scheme === null || scheme === 'http' || scheme === 'https'
    ? null
    : `an http(s) or relative URL, not ${scheme}:`;
}

/** CSS escapes (`\6a`, `\j`) and comments undone, whitespace dropped, lower case: what the CSS parser would read. */
const cssText = (value: string) =>
  value
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) =>
      String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd),
    )
    .replace(/\\([\s\S])/g, '$1')
    .replace(/\s+/g, '')
    .toLowerCase();

const SCRIPT_IN_CSS = /(?:java|vb)script:|expression\(|-moz-binding|behavior:/;
/** Properties that once ran script (IE's behavior, old Firefox's -moz-binding). */
const SCRIPT_PROPERTIES = /^-?(behavior|mozbinding)$/i;

/** Why a css property and value could carry script, or null. */
export function cssValueProblem(property: string, value: string | number): string | null {
  if (SCRIPT_PROPERTIES.test(property.replace(/-/g, ''))) return `${property} is not a property experiments may set`;
  if (LAYOUT_PROPERTIES.test(property.replace(/-/g, '').toLowerCase()))
    return `${property} is not a property experiments may set: a change cannot move an element out of the page's flow or over other content`;
  if (typeof value === 'number') return null;
  const text = cssText(value);
  if (SCRIPT_IN_CSS.test(text))
    return 'no script in CSS: javascript:, vbscript:, expression() and bindings are refused';
  for (const [, url] of text.matchAll(/url\(["']?([^"')]*)/g)) {
    const scheme = schemeOf(url);
    if (scheme !== null && scheme !== 'http' && scheme !== 'https' && scheme !== 'data')
      return `url() must be http(s), data: or relative, not ${scheme}:`;
  }
  return null;
}
