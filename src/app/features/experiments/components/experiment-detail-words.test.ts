import { describe, expect, it } from 'vitest';
import { describeChange, describeEnd, describeGoal } from './experiment-detail-words.js';

describe('experiment words', () => {
  it('says why a test ended from the reason the API recorded', () => {
    expect(describeEnd({ reason: 'auto_stop', auto_stop_days: 30 })).toBe('Its auto-stop ended it after 30 days.');
    expect(describeEnd({ reason: 'manual', auto_stop_days: null })).toBe('It was stopped by hand, without a reason.');
    expect(describeEnd({ reason: 'Variant B won', auto_stop_days: 30 })).toBe('It was stopped with the reason “Variant B won”.');
  });

  it('names a goal with its target, and the session_time default of 60 seconds', () => {
    expect(describeGoal('destination_page', '/thanks')).toBe('Destination page: a view of /thanks');
    expect(describeGoal('session_time', null)).toContain('at least 60 seconds');
    expect(describeGoal('session_time', '1800')).toContain('at least 1,800 seconds');
  });

  it('describes each change op, css as property: value pairs, long values clipped', () => {
    expect(describeChange({ selector: '#cta', op: 'css', value: { backgroundColor: '#047857', fontSize: 18 } })).toBe('Style: backgroundColor: #047857; fontSize: 18');
    expect(describeChange({ selector: '#cta', op: 'text', value: 'Start my trial' })).toBe('Text becomes “Start my trial”');
    expect(describeChange({ selector: '.banner', op: 'delete', value: '' })).toBe('Removed');
    const long = describeChange({ selector: 'p', op: 'html', value: 'x'.repeat(500) });
    expect(long).toBe(`Content becomes ${'x'.repeat(140)}…`);
  });
});
