/** How figures are quoted in evidence, analysis and insights, so the same number always reads the same. */
export const fmt = (n: number) => n.toLocaleString('en-US');

/** A share as a whole percent (`0.456` → `46%`); one decimal below 10% where rounding would hide it. */
export function pct(x: number): string {
  const p = x * 100;
  return p > 0 && p < 10 ? `${(Math.round(p * 10) / 10).toFixed(1)}%` : `${Math.round(p)}%`;
}

// Control, format (bidi overrides, zero-width), surrogate, private-use and unassigned characters:
// nothing a reader sees, but enough to reorder or hide what a title says.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu;
// What HTML or Markdown would read as markup, were a client to render a title as either.
const MARKUP = /[<>`]/g;
/** Characters of a page's text a title quotes at most. */
export const QUOTE_MAX = 60;

/**
 * Element text as quoted in prose. It comes from a page snapshot, which any browser (or anyone) can
 * send, so it is reviewed: invisible and markup characters, brackets, braces, backslashes and double
 * quotes dropped (the quotation cannot be closed early), whitespace collapsed, cut at QUOTE_MAX, and
 * always between double quotes, so `collectedTextOf` can tell it from Sightline's own words.
 */
export function quote(s: string): string {
  const text = s
    .replace(INVISIBLE, ' ')
    .replace(MARKUP, '')
    .replace(/[[\]{}\\"]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return `"${
    chars.length > QUOTE_MAX
      ? `${chars
          .slice(0, QUOTE_MAX - 1)
          .join('')
          .trimEnd()}…`
      : text
  }"`;
}

/** A title as sent: invisible and markup characters dropped, wherever its words came from (a rule, a selector, a model). */
export const plainTitle = (s: string) => s.replace(INVISIBLE, ' ').replace(MARKUP, '').replace(/\s+/g, ' ').trim();

/** The quotations of a title: the page's own (collected) text, as `quote` put it there. */
export const collectedTextOf = (title: string) => [...title.matchAll(/"([^"]*)"/g)].map((m) => m[1]);

/** `1 click`, `15 clicks`. */
export const count = (n: number, noun: string, plural = `${noun}s`) => `${fmt(n)} ${n === 1 ? noun : plural}`;
