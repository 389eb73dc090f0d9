/**
 * A 32-bit hash of a string: FNV-1a over its UTF-16 code units, then murmur3's finalizer. FNV-1a
 * alone keeps its low bits close to the parity of the input, so `% 2` would assign a visitor alike in
 * every two-variant test; the finalizer spreads every input bit over every output bit.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The variant index (0 = control) of a visitor in an experiment: the same on every page and visit,
 * an even split over `variants`, and independent between experiments.
 */
export const assign = (visitor: string, experiment: string, variants: number): number =>
  hash32(visitor + ':' + experiment) % variants;
