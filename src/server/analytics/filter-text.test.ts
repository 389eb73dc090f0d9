import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, insert, report, session, type TestEnv } from '../test-support/fixtures.js';
import { filtersQuery } from '../test-support/filter-dataset.js';

// Filter values are text, never SQL, LIKE or regular-expression syntax: only `*` and `**` are special in
// `matches`, and `contains` has no wildcards at all. One session per page, each a single view on 2026-05-04.
const PAGES = ['/a.b', '/aXb', '/a_b', '/c+d', '/cd', '/e(1)', '/g|h', '/gx', "/it's", '/über', '/x\\y', '/[z]', '/z'];
const DAY = { start: '2026-05-04', end: '2026-05-04' };

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await insert(
    env.store,
    PAGES.map((p, i) => session(`t${i}`, `tv${i}`).pv(`2026-05-04T10:${String(i).padStart(2, '0')}:00Z`, p)),
  );
});
afterAll(() => env.close());

/** The pages pages/breakdown lists under one filter, sorted. */
async function pagesUnder(op: string, values: string[]): Promise<string[]> {
  const r = await report(env, 'pagesBreakdown', { ...DAY, limit: 50, ...filtersQuery([op, 'page', values]) });
  return r.data.map((p) => p.path).sort();
}

describe('special characters in filter values', () => {
  const cases: [string, string[], string[]][] = [
    ['matches', ['/a.b'], ['/a.b']], // . is a dot, not any character
    ['matches', ['/c+d'], ['/c+d']], // + is a plus
    ['matches', ['/e(1)'], ['/e(1)']],
    ['matches', ['/g|h'], ['/g|h']], // | is no alternation (else /gx would match)
    ['matches', ['/[z]'], ['/[z]']], // [] is no class (else /z would match)
    ['matches', ['/x\\y'], ['/x\\y']],
    ['matches', ['/a*'], ['/a.b', '/aXb', '/a_b']],
    ['matches', ['/?'], []], // ? is a question mark
    ['matches', ['*'], []], // every path starts with /, which * does not cross
    ['matches', ['/*'], [...PAGES].sort()],
    ['matches', ['**'], [...PAGES].sort()],
    ['contains', ['a_b'], ['/a_b']], // _ is no LIKE wildcard
    ['contains', ['.'], ['/a.b']],
    ['contains', ["'"], ["/it's"]],
    ['contains', ['\\'], ['/x\\y']],
    ['contains', ['ÜBER'], ['/über']], // case ignored beyond ASCII
    ['is', ["/it's"], ["/it's"]],
    ['is', ['/über'], ['/über']],
    ['not_contains', ['a', 'c', 'g', 'x', 'z', 'i'], ['/e(1)', '/über']],
  ];

  it.each(cases)('%s %j', async (op, values, expected) => {
    expect(await pagesUnder(op, values)).toEqual(expected);
  });
});
