import { RE2JS } from 're2js';
import { wildcardRegex } from '../../contract/filters.js';

/**
 * A `matches` pattern as a test of whole strings, on RE2's linear-time engine: the same regular
 * expression the stores' SQL runs (DuckDB and ClickHouse both match with RE2). A backtracking RegExp
 * took 11 s, with the whole server waiting, for `**` repeated 13 times and a `Z` (issue 41).
 */
export function wildcardMatcher(pattern: string): (text: string) => boolean {
  const re = RE2JS.compile(wildcardRegex(pattern));
  return (text) => re.matches(text);
}
