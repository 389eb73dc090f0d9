import type { Database, Params } from './database.js';

type Db = Pick<Database, 'all'>;

/** The range of visitor numbers in `rows` (a query yielding `visitor_no`): bitstrings need constant bounds, and the tighter the smaller. */
export async function visitorBounds(
  db: Db,
  rows: { sql: string; params: Params },
): Promise<{ lo: number; hi: number } | null> {
  const [b] = await db.all<{ lo: number | null; hi: number | null }>(
    `SELECT min(visitor_no) AS lo, max(visitor_no) AS hi FROM (${rows.sql})`,
    rows.params,
  );
  return b.lo === null || b.hi === null ? null : { lo: b.lo, hi: b.hi };
}

/**
 * The visitor-set aggregate over the bounds. DuckDB wants them as constants, not parameters; they are
 * numbers the store itself just read (checked to be integers), never input.
 */
export function visitorBits({ lo, hi }: { lo: number; hi: number }, only = ''): string {
  if (!Number.isInteger(lo) || !Number.isInteger(hi)) throw new Error('visitor bounds must be integers');
  // Only numbers within the bounds: a batch written between the bounds' read and this one can bring
  // a visitor numbered above them, which bitstring_agg refuses (a 500 seen in the browser tests).
  // `only`: a further condition on the rows counted.
  return `bitstring_agg(visitor_no, ${lo}, ${hi}) FILTER (WHERE ${only ? `${only} AND ` : ''}visitor_no BETWEEN ${lo} AND ${hi})`;
}

// Above this many bytes of bitstrings at once (groups × visitors / 8), visitors are counted with
// count(DISTINCT) instead: many groups over a huge visitor range.
const BITSTRING_BUDGET_BYTES = 128 * 1024 * 1024;

/** Whether `groups` visitor sets over the bounds fit the memory budget. */
export function bitsFit(groups: number, { lo, hi }: { lo: number; hi: number }): boolean {
  return groups * ((hi - lo + 1) / 8) <= BITSTRING_BUDGET_BYTES;
}

/** Distinct visitors per group: the bit count of the set when the sets fit, count(DISTINCT) otherwise. */
export function distinctVisitorsSql(groups: number, bounds: { lo: number; hi: number }): string {
  return bitsFit(groups, bounds) ? `bit_count(${visitorBits(bounds)})::BIGINT` : 'count(DISTINCT visitor_no)';
}
