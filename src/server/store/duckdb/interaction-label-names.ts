import type { Database, Params } from './database.js';
import type { TopRow } from './interaction-queries.js';

type Db = Pick<Database, 'all' | 'snapshot'>;

/** Our own numbers as SQL integers (read from the store, checked, never input); NULL stays NULL. */
function sqlNumber(n: number | null): string {
  if (n === null) return 'NULL';
  if (!Number.isInteger(n)) throw new Error('text numbers must be integers');
  return String(n);
}

/**
 * The per-page rows named: by the label their labels agree on (looked up by number), or, where
 * they differ, by the most common (ties: the first in byte order, as both stores compare text),
 * counted over the same rows (`filter`) in a second read made only then.
 */
export async function named(db: Db, rows: TopRow[], filter: string, params: Params): Promise<TopRow[]> {
  const numbers = [...new Set(rows.flatMap((r) => (r.label_no === null ? [] : [r.label_no])))];
  const mixed = rows.filter((r) => r.mixed);
  const [text, counted] = await Promise.all([
    labelTexts(db, numbers),
    mixed.length === 0 ? [] : mostCommonLabels(db, mixed, filter, params),
  ]);
  const labels = new Map(counted.map((r) => [`${r.path_no} ${r.target_no}`, r.label]));
  return rows.map((r) => ({
    ...r,
    label: r.mixed
      ? (labels.get(`${r.path_no} ${r.target_no}`) ?? null)
      : r.label_no === null
        ? r.label
        : (text.get(r.label_no) ?? null),
  }));
}

/**
 * Texts of the dictionary by number, remembered per store: a number, once given, always names the
 * same text (the dictionary only grows), so each is read once, and a report usually reads none.
 */
const knownTexts = new WeakMap<Db, Map<number, string>>();
const MAX_KNOWN_TEXTS = 10_000;
async function labelTexts(db: Db, numbers: number[]): Promise<Map<number, string>> {
  let known = knownTexts.get(db);
  // Forgotten all at once past the bound (a site with ever-changing labels), then read again.
  if (!known || known.size > MAX_KNOWN_TEXTS) knownTexts.set(db, (known = new Map()));
  const missing = numbers.filter((n) => !known.has(n));
  if (missing.length > 0) {
    const rows = await db.all<{ text_no: number; text: string }>(
      `SELECT text_no, text FROM text_numbers WHERE text_no IN (${missing.map(sqlNumber).join(', ')})`,
    );
    for (const r of rows) known.set(r.text_no, r.text);
  }
  return known;
}

function mostCommonLabels(db: Db, mixed: TopRow[], filter: string, params: Params) {
  const pairs = mixed.map((r) => `(${sqlNumber(r.path_no)}, ${sqlNumber(r.target_no)})`).join(', ');
  return db.all<{ path_no: number; target_no: number | null; label: string }>(
    `SELECT x.path_no, x.target_no, first(l.text ORDER BY x.n DESC, l.text) AS label FROM (
       SELECT c.path_no, c.target_no, c.label_no, count(*) AS n FROM compact_interactions c
       JOIN (VALUES ${pairs}) m(path_no, target_no) ON m.path_no = c.path_no AND m.target_no IS NOT DISTINCT FROM c.target_no
       WHERE ${filter} AND c.label_no IS NOT NULL GROUP BY ALL) x
     JOIN text_numbers l ON l.text_no = x.label_no GROUP BY ALL`,
    params,
  );
}
