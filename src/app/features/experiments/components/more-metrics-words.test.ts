import { describe, expect, it } from 'vitest';
import {
  cupedWords,
  formatMetricMean,
  heldBackWords,
  hurtByWords,
  metricHeading,
  metricMeanLabel,
  metricStandingWords,
  nothingToCompareWords,
} from './more-metrics-words.js';

describe('more metrics in words', () => {
  it('formats each kind of mean as it reads: money in the test’s currency, time, a share', () => {
    expect(formatMetricMean('revenue_per_visitor', 4, 'USD')).toBe('$4.00');
    expect(formatMetricMean('revenue_per_visitor', 4.25, null)).toBe('4.3');
    expect(formatMetricMean('session_seconds_per_visitor', 65, null)).toBe('1m 05s');
    expect(formatMetricMean('visitor_conversion_rate', 0.305, 'USD')).toBe('30.5%');
    expect(metricMeanLabel('revenue_per_visitor', 'EUR')).toBe('Revenue per visitor (EUR)');
    expect(metricMeanLabel('revenue_per_visitor', null)).toBe('Revenue per visitor');
    expect(metricMeanLabel('session_seconds_per_visitor', 'EUR')).toBe('Time per visitor');
    expect(metricMeanLabel('visitor_conversion_rate', null)).toBe('Share of visitors');
    expect(metricHeading('revenue per visitor')).toBe('Revenue per visitor');
  });

  it('says where a variant stands, a hurt guardrail in words of its own', () => {
    const v = { p_value: 0.0005, significant: true, better: false };
    expect(metricStandingWords(v, true)).toBe('Worse: hurts this guardrail (p = 0.0005)');
    expect(metricStandingWords(v, false)).toBe('Worse (p = 0.0005)');
    expect(metricStandingWords({ ...v, better: true }, false)).toBe('Better (p = 0.0005)');
    expect(metricStandingWords({ p_value: 0.4, significant: false, better: false }, false)).toBe(
      'No clear difference (p = 0.4000)',
    );
    // The control, or a variant with nothing to compare yet.
    expect(metricStandingWords({ p_value: null, significant: false, better: false }, false)).toBe('—');
  });

  it('says why a variant has no comparison yet: nothing measured anywhere, or nothing in the control', () => {
    const none = { p_value: null, significant: false, better: false };
    expect(metricStandingWords(none, false, nothingToCompareWords('visitor_conversion_rate', 0, 0))).toBe(
      'No conversions yet',
    );
    expect(nothingToCompareWords('revenue_per_visitor', 0, 0)).toBe('No revenue yet');
    expect(nothingToCompareWords('session_seconds_per_visitor', 0, 12)).toBe(
      'No time measured yet in the control: nothing to compare against',
    );
    // Both sides measured: the comparison waits for more visitors, which "—" says.
    expect(nothingToCompareWords('visitor_conversion_rate', 0.1, 0)).toBeNull();
    expect(metricStandingWords(none, false, nothingToCompareWords('visitor_conversion_rate', 0.1, 0))).toBe('—');
  });

  it('says what CUPED cut, only when it cut something', () => {
    // experiment-metrics.test.ts's worked case: a 41.2% cut, 1,000 of 4,000 visitors with history.
    expect(cupedWords({ visitors_with_history: 1000, variance_reduction: 0.4116 }, 4000)).toBe(
      'Variance cut by 41% using visitors’ history (1,000 of 4,000 visitors had visited in the 14 days before they entered the test).',
    );
    expect(cupedWords({ visitors_with_history: 3, variance_reduction: 0.002 }, 40)).toMatch(
      /^Variance cut by less than 1% /,
    );
    expect(cupedWords({ visitors_with_history: 1000, variance_reduction: 0.33 }, null)).toBe(
      'Variance cut by 33% using visitors’ history.',
    );
    expect(cupedWords({ visitors_with_history: 0, variance_reduction: 0 }, 4000)).toBeNull();
    expect(cupedWords(null, 0)).toBeNull();
  });

  it('names the variants a guardrail holds back, and why', () => {
    expect(heldBackWords([])).toBeNull();
    expect(heldBackWords([{ label: 'Variant B', guardrails: ['revenue per visitor'] }])).toBe(
      'Variant B is better on the goal but hurts the guardrail revenue per visitor: it cannot be shipped as it is.',
    );
    expect(
      heldBackWords([
        { label: 'B', guardrails: ['revenue per visitor', 'visitors who did not bounce', 'time on site per visitor'] },
        { label: 'C', guardrails: ['revenue per visitor'] },
      ]),
    ).toBe(
      'B hurts the guardrails revenue per visitor, visitors who did not bounce and time on site per visitor; C hurts the guardrail revenue per visitor. They are better on the goal, but none can be shipped as it is.',
    );
  });

  it('says above a guardrail’s table who hurts it', () => {
    expect(hurtByWords([])).toBeNull();
    expect(hurtByWords(['Variant B'])).toBe(
      'Variant B is worse on this guardrail with confidence, so it cannot be called the winner.',
    );
    expect(hurtByWords(['B', 'C'])).toBe(
      'B and C are worse on this guardrail with confidence, so they cannot be called the winner.',
    );
  });
});
