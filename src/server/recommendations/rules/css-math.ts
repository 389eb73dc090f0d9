import { differenceCiede2000, parse, toGamut } from 'culori';
import type { SnapshotElement } from '../../store/store.js';

type Rgb = [number, number, number];

/** WCAG AA for normal text: what a call to action's label should reach against its background. */
export const MIN_CONTRAST = 4.5;
/** WCAG 2.5.5 / Apple HIG: a tap target smaller than this is easy to miss with a thumb. */
export const MIN_TAP_PX = 44;
/** The brand-neutral, high-contrast blue used when an element has no colour of its own to build on. */
export const FALLBACK_ACCENT = '#1d4ed8';

/** Colours closer than this (CIEDE2000) look the same: proposing one would be testing nothing. */
export const SAME_COLOR_DELTA_E = 1;

const toSrgb = toGamut('rgb', 'oklch');
const deltaE = differenceCiede2000();

/**
 * A computed colour in any CSS syntax the browser reports (`rgb()`, hex, names, and the `oklch()`,
 * `lab()` of Tailwind 4's palette), as 8-bit sRGB (mapped into the sRGB gamut the way CSS Color 4
 * does); null when it is fully transparent or not a colour (`currentcolor`, `color-mix()`).
 */
export function parseColor(value: string | undefined): Rgb | null {
  const c = value ? parse(value.trim()) : undefined;
  if (!c || c.alpha === 0) return null;
  const { r, g, b } = toSrgb(c);
  return [r, g, b].map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255)) as Rgb;
}

const isColor = (value: string | undefined) => value !== undefined && parse(value.trim()) !== undefined;

/** Whether two CSS colours look the same, whatever their syntax (`#4338ca` and `rgb(67, 56, 202)` do). */
export function sameColor(a: string | undefined, b: string | undefined): boolean {
  const [x, y] = [parseColor(a), parseColor(b)];
  // Two transparent colours look the same too; something that is no colour is like nothing.
  if (!x || !y) return !x && !y && isColor(a) && isColor(b);
  const rgb = (c: Rgb) => ({ mode: 'rgb' as const, r: c[0] / 255, g: c[1] / 255, b: c[2] / 255 });
  return deltaE(rgb(x), rgb(y)) < SAME_COLOR_DELTA_E;
}

export const toHex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === R ? ((G - B) / d + 6) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  return [r, g, b].map((v) => (v + m) * 255) as Rgb;
}

/**
 * The element's own hue at lower lightness, in 5% steps until white text on it reaches AA: the
 * variant stays on brand while becoming legible. A grey or missing colour carries no brand, so it
 * becomes FALLBACK_ACCENT (a grey button reads as disabled, not as the thing to click).
 */
export function strongBackground(color: string | undefined): string {
  const c = parseColor(color);
  if (!c) return FALLBACK_ACCENT;
  const [h, s, l0] = toHsl(c);
  if (s < 0.15) return FALLBACK_ACCENT;
  let rgb = c;
  for (let l = l0; l > 0 && contrast(rgb, WHITE) < MIN_CONTRAST; l -= 0.05) rgb = fromHsl(h, s, Math.max(0, l - 0.05));
  return toHex(rgb);
}

export const hasBackground = (el: SnapshotElement) => parseColor(el.styles.backgroundColor) !== null;

/** `16px` → 16; anything else (em, empty) → the fallback. */
export function px(value: string | undefined, fallback: number): number {
  const m = /^(\d+(?:\.\d+)?)px$/.exec((value ?? '').trim());
  return m ? Number(m[1]) : fallback;
}

/** Vertical and horizontal padding of a computed `padding` (1 to 4 lengths). */
export function paddingOf(value: string | undefined): { v: number; h: number } {
  const parts = (value ?? '').trim().split(/\s+/).filter(Boolean);
  return { v: px(parts[0], 0), h: px(parts[1] ?? parts[0], 0) };
}

/** Height of the element's box as the snapshot lets us estimate it: a 1.2 line height plus padding. */
export function estimatedHeight(el: SnapshotElement): number {
  return Math.round(px(el.styles.fontSize, 16) * 1.2 + 2 * paddingOf(el.styles.padding).v);
}

/** The current values of `props` as the snapshot saw them, in the variant's key order (the control). */
export function currentStyles(el: SnapshotElement | null, props: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of props) if (el?.styles[p] !== undefined) out[p] = el.styles[p];
  return out;
}

const COLOR_PROPERTY = /colou?r$/i;
const normalised = (value: string | undefined) => (value ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
const sameValue = (prop: string, a: string, b: string | undefined) =>
  COLOR_PROPERTY.test(prop) ? sameColor(a, b) : normalised(a) === normalised(b);

/**
 * A css variant without the properties the element already has (colours compared as colours, so
 * `#ffffff` is white text's `rgb(255, 255, 255)`), and its control with the same properties: a
 * variant must never propose what the page already shows. Empty when nothing would change.
 */
export function changedStyles(
  el: SnapshotElement | null,
  variant: Record<string, string>,
): { control: Record<string, string>; variant: Record<string, string> } {
  const changed = Object.fromEntries(
    Object.entries(variant).filter(([prop, value]) => !sameValue(prop, value, el?.styles[prop])),
  );
  return { control: currentStyles(el, Object.keys(changed)), variant: changed };
}
