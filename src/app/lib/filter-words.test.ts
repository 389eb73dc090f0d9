import { describe, expect, it } from 'vitest';
import { filterValueOf, filterWords } from './filter-words.js';

describe('filter chips in plain words', () => {
  it('reads one value as a sentence, countries by name', () => {
    expect(filterWords({ op: 'is', dimension: 'referrer', values: ['google.com'] })).toBe('Referrer is google.com');
    expect(filterWords({ op: 'is_not', dimension: 'country', values: ['US'] })).toBe('Country is not United States');
    expect(filterWords({ op: 'contains', dimension: 'page', values: ['/blog'] })).toBe('Page contains /blog');
    expect(filterWords({ op: 'not_contains', dimension: 'utm_campaign', values: ['spring'] })).toBe(
      'UTM campaign does not contain spring',
    );
    expect(filterWords({ op: 'matches', dimension: 'exit_page', values: ['/blog/*'] })).toBe(
      'Exit page matches /blog/*',
    );
    expect(filterWords({ op: 'is', dimension: 'os', values: ['iOS'] })).toBe('Operating system is iOS');
  });

  it('words unknown as the tables do', () => {
    expect(filterWords({ op: 'is', dimension: 'referrer', values: [null] })).toBe('Referrer is (direct)');
    expect(filterWords({ op: 'is', dimension: 'country', values: [null] })).toBe('Country is Unknown');
    expect(filterWords({ op: 'is_not', dimension: 'device', values: [null] })).toBe('Device is not (none)');
  });

  it('joins several values the way the API combines them', () => {
    expect(filterWords({ op: 'is', dimension: 'country', values: ['US', 'CA', 'DE'] })).toBe(
      'Country is United States, Canada or Germany',
    );
    expect(filterWords({ op: 'is_not', dimension: 'device', values: ['mobile', 'desktop'] })).toBe(
      'Device is none of mobile, desktop',
    );
    expect(filterWords({ op: 'not_contains', dimension: 'page', values: ['/a', '/b'] })).toBe(
      'Page contains none of /a, /b',
    );
    // Typed text is not a country code: "contains us" stays "us".
    expect(filterWords({ op: 'contains', dimension: 'country', values: ['us'] })).toBe('Country contains us');
  });

  it('turns the breakdowns’ unknown rows into null', () => {
    expect(filterValueOf('unknown')).toBeNull();
    expect(filterValueOf('')).toBeNull();
    expect(filterValueOf('google.com')).toBe('google.com');
  });
});
