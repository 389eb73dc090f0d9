import { describe, expect, it } from 'vitest';
import { formatP } from '../../../../contract/p-value-words.js';
import {
  describeAutoStop,
  describeChange,
  describeEnd,
  describeGoal,
  sampleRatioWords,
} from './experiment-detail-words.js';

describe('experiment words', () => {
  it('says why a test ended from the reason the API recorded', () => {
    expect(describeEnd({ reason: 'auto_stop', auto_stop_days: 30 })).toBe('Its auto-stop ended it after 30 days.');
    expect(describeEnd({ reason: 'manual', auto_stop_days: null })).toBe('It was stopped by hand, without a reason.');
    expect(describeEnd({ reason: 'Variant B won', auto_stop_days: 30 })).toBe(
      'It was stopped with the reason “Variant B won”.',
    );
  });

  it('gives a running test its auto-stop date, and an ended one only what happened', () => {
    const created_at = '2026-11-01T15:00:00.000Z';
    const running = { status: 'active' as const, reason: null, auto_stop_days: 60, created_at, stopped_at: null };
    expect(describeAutoStop(running, 'America/New_York')).toBe('After 60 days (Dec 31, 2026)');
    expect(describeAutoStop({ ...running, auto_stop_days: null }, 'UTC')).toBe('Off: runs until stopped');
    // Stopped by hand on day 21: the 60-day limit was never reached and no date to come is shown.
    const stopped = {
      ...running,
      status: 'complete' as const,
      reason: 'manual',
      stopped_at: '2026-11-22T16:00:00.000Z',
    };
    expect(describeAutoStop(stopped, 'America/New_York')).toBe('Not reached: stopped before day 60');
    expect(describeAutoStop({ ...stopped, auto_stop_days: null }, 'UTC')).toBe('Off');
    const autoStopped = { ...stopped, reason: 'auto_stop', auto_stop_days: 10, stopped_at: '2026-11-11T15:00:00.000Z' };
    expect(describeAutoStop(autoStopped, 'America/New_York')).toBe('Ended the test on Nov 11, 2026, after 10 days');
    expect(describeAutoStop({ ...autoStopped, auto_stop_days: 1_000 }, 'UTC')).toContain('after 1,000 days');
  });

  it('names a goal with its target, and the session_time default of 60 seconds', () => {
    expect(describeGoal('destination_page', '/thanks')).toBe('Destination page: a view of /thanks');
    expect(describeGoal('session_time', null)).toContain('at least 60 seconds');
    expect(describeGoal('revenue', null, undefined, 'EUR')).toBe('Revenue: a purchase paid in EUR');
    expect(describeGoal('revenue', null, undefined, null)).toBe('Revenue: a purchase (revenue event)');
    expect(describeGoal('session_time', '1800')).toContain('at least 1,800 seconds');
    expect(describeGoal('goal', 'gol_1', { name: 'Signup', kind: 'event', event: 'signup' })).toBe(
      'Signup (custom event)',
    );
    expect(describeGoal('goal', 'gol_2', { name: 'Docs', kind: 'page', page: '/docs/*' })).toBe('Docs (page visit)');
  });

  it('describes each change op, css as property: value pairs, long values clipped', () => {
    expect(describeChange({ selector: '#cta', op: 'css', value: { backgroundColor: '#047857', fontSize: 18 } })).toBe(
      'Style: backgroundColor: #047857; fontSize: 18',
    );
    expect(describeChange({ selector: '#cta', op: 'text', value: 'Start my trial' })).toBe(
      'Text becomes “Start my trial”',
    );
    expect(describeChange({ selector: '.banner', op: 'delete', value: '' })).toBe('Removed');
    const long = describeChange({ selector: 'p', op: 'html', value: 'x'.repeat(500) });
    expect(long).toBe(`Content becomes ${'x'.repeat(140)}…`);
  });
});

describe('p-values', () => {
  it("are written with 4 decimals, as in the server's verdict text", () => {
    expect(formatP(0.0123456)).toBe('p = 0.0123');
    expect(formatP(0.5)).toBe('p = 0.5000');
    expect(formatP(0.0001)).toBe('p = 0.0001');
  });

  it('never say "p = 0" for a value that underflowed', () => {
    expect(formatP(0)).toBe('p < 0.0001');
    expect(formatP(0.00004)).toBe('p < 0.0001');
  });
});

describe('the sample-ratio check in words (issue 13 §11)', () => {
  it('says what the p-value means whether or not the split is off', () => {
    expect(sampleRatioWords({ sample_ratio_p_value: 0.41, sample_ratio_mismatch: false })).toBe(
      'Visitors split as planned (p = 0.4100): no sign that any variant gets a different share of visitors than intended.',
    );
    expect(sampleRatioWords({ sample_ratio_p_value: 0.00001, sample_ratio_mismatch: true })).toBe(
      'The split is off (p < 0.0001): visitors are not reaching the variants as planned, so results may be biased.',
    );
    expect(sampleRatioWords({ sample_ratio_p_value: null, sample_ratio_mismatch: false })).toBe(
      'The split between variants is checked once visitors arrive.',
    );
  });
});
