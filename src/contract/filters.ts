import { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE, unsafeTextPath } from './common.js';
import { readablePath } from './readable-path.js';

/**
 * The `filters` query parameter of every analytics endpoint and aggregate: a URL-encoded JSON array
 * in the style of Plausible's Stats API v2, `[["is","country",["US","CA"]],["contains","page",["/blog"]]]`.
 * Filters are ANDed; the values of one filter are ORed. What each dimension keeps (a session or an
 * event) is in docs/decisions.md "Filters".
 */
export const filterOperators = ['is', 'is_not', 'contains', 'not_contains', 'matches'] as const;
export const filterDimensions = [
  'page',
  'entry_page',
  'exit_page',
  'country',
  'device',
  'browser',
  'os',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'goal',
] as const;
export type FilterOperator = (typeof filterOperators)[number];
export type FilterDimension = (typeof filterDimensions)[number];

export const MAX_FILTERS = 10;
export const MAX_FILTER_VALUES = 20;
export const MAX_FILTER_VALUE_LENGTH = 1024;
export const MAX_FILTERS_PARAM_LENGTH = 30_000;
/**
 * A `matches` pattern's bounds. Every matcher of patterns is linear-time RE2 (the stores' SQL and
 * store/wildcard-match.ts), whose work grows with text × pattern: the pattern is kept small.
 */
export const MAX_PATTERN_LENGTH = 256;
export const MAX_PATTERN_WILDCARDS = 16;

/** How many `*` a pattern has (`**` counts two). */
export const wildcardCount = (pattern: string): number => pattern.split('*').length - 1;

/** Why a `matches` pattern is refused, or null when it is within the bounds. */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `a pattern has at most ${MAX_PATTERN_LENGTH} characters`;
  const wildcards = wildcardCount(pattern);
  if (wildcards > MAX_PATTERN_WILDCARDS)
    return `a pattern has at most ${MAX_PATTERN_WILDCARDS} "*" (this one has ${wildcards})`;
  return null;
}

/** One filter as the server and the dashboard use it, after the wire's tuple is decoded. */
export interface Filter {
  op: FilterOperator;
  dimension: FilterDimension;
  /** `null` stands for "unknown" (no value: a direct visit's referrer, an unknown country). */
  values: (string | null)[];
}

const SHAPE = '[operator, dimension, [values]], e.g. ["is","country",["US","CA"]]';
// Checked here, not only by the routes' scan of the decoded query: that scan sees the decoded objects,
// and the field must name the wire position (`filters.0.2.0`) as every other value error does.
const filterValue = z
  .string()
  .min(1)
  .max(MAX_FILTER_VALUE_LENGTH)
  .refine((v) => unsafeTextPath(v) === null, UNSAFE_TEXT_MESSAGE)
  .nullable();

// Page values are read as paths are stored (readable-path.ts): `/caf%C3%A9` and ` /café` find /café.
const PAGE_DIMENSIONS = new Set<FilterDimension>(['page', 'entry_page', 'exit_page']);
const pageValue = (v: string | null) => (v === null ? null : readablePath(v.trim()));

/** `[operator, dimension, values]`; `null` is a value only for `is` and `is_not`. */
export const filterTuple = z
  .tuple(
    [
      z.enum(filterOperators),
      z.enum(filterDimensions),
      z
        .array(filterValue, {
          error: (issue) =>
            issue.code === 'invalid_type' ? 'the values must be an array of strings (null for unknown)' : undefined,
        })
        .min(1)
        .max(MAX_FILTER_VALUES),
    ],
    {
      error: (issue) =>
        issue.code === 'invalid_type' || issue.code === 'too_small' || issue.code === 'too_big'
          ? `each filter is ${SHAPE}`
          : undefined,
    },
  )
  .superRefine(([op, dimension, values], ctx) => {
    const nullAt = values.indexOf(null);
    if (nullAt >= 0 && op !== 'is' && op !== 'is_not')
      ctx.addIssue({
        code: 'custom',
        path: [2, nullAt],
        message: `null (unknown) can only be used with "is" and "is_not", not "${op}"`,
      });
    else if (nullAt >= 0 && dimension === 'goal')
      ctx.addIssue({
        code: 'custom',
        path: [2, nullAt],
        message: 'a goal filter names goals: null (unknown) has no meaning there',
      });
    if (op !== 'matches') return;
    values.forEach((v, i) => {
      const problem = v === null ? null : patternProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', path: [2, i], message: problem });
    });
  });

export const filterList = z
  .array(filterTuple, {
    error: (issue) =>
      issue.code === 'invalid_type' ? `filters must be an array of filters, each ${SHAPE}` : undefined,
  })
  .max(MAX_FILTERS);

/** The wire form decoded: a parse failure is a 400 on `filters` like any other bad parameter. */
export const filtersParam = z
  .string()
  .max(MAX_FILTERS_PARAM_LENGTH)
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'filters must be a URL-encoded JSON array of [operator, dimension, [values]] arrays',
      });
      return z.NEVER;
    }
  })
  .pipe(filterList)
  .transform((list): Filter[] =>
    list.map(([op, dimension, values]) => ({
      op,
      dimension,
      values: PAGE_DIMENSIONS.has(dimension) ? values.map(pageValue) : values,
    })),
  )
  .optional()
  .meta({
    description:
      'URL-encoded JSON array of filters, each `[operator, dimension, values]`; filters are ANDed, values ORed. ' +
      `Operators: ${filterOperators.join(', ')} (\`matches\`: wildcards, \`*\` within one path segment, \`**\` anything). ` +
      `Dimensions: ${filterDimensions.join(', ')}. \`null\` in the values of \`is\`/\`is_not\` means unknown. ` +
      `At most ${MAX_FILTERS} filters of ${MAX_FILTER_VALUES} values each.`,
    example: '[["is","country",["US","CA"]],["contains","page",["/blog"]]]',
  });

/** The wire form of a filter list, for clients building a URL. */
export function encodeFilters(filters: Filter[]): string {
  return JSON.stringify(filters.map((f) => [f.op, f.dimension, f.values]));
}

/** Dimensions whose value is the session's own (first touch, entry or exit page, goals reached); `page` is per event. */
export const sessionDimensions: readonly FilterDimension[] = filterDimensions.filter((d) => d !== 'page');

/**
 * A `matches` pattern as an anchored RE2 regular expression (DuckDB and ClickHouse both use RE2):
 * `**` is any run of characters, `*` any run without `/`, everything else literal.
 */
export function wildcardRegex(pattern: string): string {
  return `^${pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((s) => s.replace(/[\\^$.|?+()[\]{}]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*')}$`;
}
