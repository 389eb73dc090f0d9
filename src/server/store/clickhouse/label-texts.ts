import type { ChDb, ChParams } from './clickhouse-db.js';

/**
 * Labels by their hash (events' `label_hash`, as text: 64-bit numbers do not survive JSON), remembered
 * per store: a hash always names the same text, so each is read once, and a report usually reads none.
 * `where`: a condition on events under which every hash asked for occurs (the report's own rows).
 */
const known = new WeakMap<ChDb, Map<string, string>>();
const MAX_KNOWN = 10_000;

export async function labelTexts(
  db: ChDb,
  hashes: string[],
  where: string,
  params: ChParams,
  settings = '',
): Promise<Map<string, string>> {
  let texts = known.get(db);
  // Forgotten all at once past the bound (a site with ever-changing labels), then read again.
  if (!texts || texts.size > MAX_KNOWN) known.set(db, (texts = new Map()));
  const missing = [...new Set(hashes)].filter((h) => h !== '0' && !texts.has(h));
  if (missing.length > 0) {
    const rows = await db.all<{ h: string; label: string }>(
      `SELECT toString(label_hash) AS h, any(label) AS label FROM events
       WHERE ${where} AND label_hash IN arrayMap(x -> toUInt64(x), {label_hashes:Array(String)}) GROUP BY label_hash${settings}`,
      { ...params, label_hashes: missing },
    );
    for (const r of rows) texts.set(r.h, r.label);
  }
  return texts;
}

/** Orders texts as both stores' SQL does: by their UTF-8 bytes. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The most common label of each (page, target) pair given (ties: the first in byte order, as the
 * embedded store compares text), counted over the events of `where`: for the report's rows whose
 * events carry different labels.
 */
export async function mostCommonLabels(
  db: ChDb,
  pairs: { path: string; target: string | null }[],
  where: string,
  params: ChParams,
  settings: string,
): Promise<Map<string, string>> {
  const counts = await db.all<{ path: string; target: string | null; h: string; n: number }>(
    `SELECT path, target, toString(label_hash) AS h, count() AS n FROM events
     WHERE ${where} AND label_hash != 0 AND path IN {mixed_paths:Array(String)} AND target IN {mixed_targets:Array(String)}
     GROUP BY path, target, label_hash${settings}`,
    {
      ...params,
      mixed_paths: [...new Set(pairs.map((p) => p.path))],
      mixed_targets: [...new Set(pairs.flatMap((p) => (p.target === null ? [] : [p.target])))],
    },
  );
  const texts = await labelTexts(
    db,
    counts.map((c) => c.h),
    where,
    params,
    settings,
  );
  const best = new Map<string, { n: number; label: string }>();
  for (const c of counts) {
    const label = texts.get(c.h);
    if (label === undefined) continue;
    const key = pairKey(c.path, c.target);
    const seen = best.get(key);
    const n = Number(c.n);
    if (!seen || n > seen.n || (n === seen.n && byBytes(label, seen.label) < 0)) best.set(key, { n, label });
  }
  return new Map([...best].map(([k, v]) => [k, v.label]));
}

/** A (page, target) pair's key in maps (neither holds a NUL). */
export const pairKey = (path: string | null, target: string | null) => `${path ?? '\uffff'}\u0000${target ?? '\uffff'}`;
