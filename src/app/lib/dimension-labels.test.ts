import { describe, expect, it } from 'vitest';
import { campaignLabel, orNone, referrerLabel } from './dimension-labels.js';

describe('dimension labels', () => {
  it('names untagged visits as no campaign and missing referrers as direct', () => {
    expect(campaignLabel({ source: 'unknown', medium: 'unknown', campaign: 'unknown' })).toBe('(no campaign)');
    expect(campaignLabel({ source: 'newsletter', medium: 'email', campaign: '' })).toBe('newsletter / email / (none)');
    expect(referrerLabel('unknown')).toBe('(direct)');
    expect(referrerLabel('news.ycombinator.com')).toBe('news.ycombinator.com');
    expect(orNone('mobile')).toBe('mobile');
  });
});
