import type { Filter, FilterDimension, FilterOperator } from '../../contract/filters.js';
import { countryName } from './dimension-labels.js';

/** The filter dimensions in a marketer's words, as the chips and the Add filter form name them. */
export const FILTER_DIMENSION_LABELS: Record<FilterDimension, string> = {
  page: 'Page',
  entry_page: 'Entry page',
  exit_page: 'Exit page',
  referrer: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  goal: 'Goal',
  country: 'Country',
  device: 'Device',
  browser: 'Browser',
  os: 'Operating system',
};

export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  matches: 'matches',
};

/** A breakdown cell's raw value as a filter value: the rows the API shows as `unknown` are `null`. */
export const filterValueOf = (shown: string): string | null => (shown === '' || shown === 'unknown' ? null : shown);

/** A filter value as the tables show it: a country by name, unknown as the tables word it. */
export function filterValueWords(dimension: FilterDimension, value: string | null, exact = true): string {
  if (value === null) return dimension === 'referrer' ? '(direct)' : dimension === 'country' ? 'Unknown' : '(none)';
  // A typed `contains us` is text, not the United States.
  return dimension === 'country' && exact ? countryName(value) : value;
}

const list = (words: string[], last: string) =>
  words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;

/** "Referrer is google.com", "Country is not United States", "Page contains /blog or /docs". */
export function filterWords(f: Filter): string {
  const exact = f.op === 'is' || f.op === 'is_not';
  const values = f.values.map((v) => filterValueWords(f.dimension, v, exact));
  const many = values.length > 1;
  // Values are ORed; a negative operator keeps none of them, which "not a or b" would blur.
  const phrase =
    f.op === 'is_not' && many
      ? `is none of ${values.join(', ')}`
      : f.op === 'not_contains' && many
        ? `contains none of ${values.join(', ')}`
        : `${FILTER_OPERATOR_LABELS[f.op]} ${list(values, 'or')}`;
  return `${FILTER_DIMENSION_LABELS[f.dimension]} ${phrase}`;
}
