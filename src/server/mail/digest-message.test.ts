import { describe, expect, it } from 'vitest';
import { digestMessage, percentChange, pointChange, type DigestFigures } from './digest-message.js';

const figures: DigestFigures = {
  propertyName: 'Shop <&>',
  cadence: 'monthly',
  periodLabel: 'November 2026',
  visitors: { now: 1200, before: 1000 },
  pageViews: { now: 0, before: 0 },
  bounceRate: { now: null, before: 0.5 },
  sources: [],
  pages: [],
  goals: [],
  tests: [{ name: 'Green button', verdict: 'B is better: +12.0% conversion rate per visitor.' }],
  dashboardUrl: 'https://a.example/traffic?property=shop',
  unsubscribeUrl: 'https://a.example/unsubscribe?token=x',
};

describe('the digest message', () => {
  it('says changes in percent, a rate’s in points, and nothing from nothing', () => {
    expect(percentChange({ now: 1200, before: 1000 })).toBe('+20%');
    expect(percentChange({ now: 2, before: 3 })).toBe('-33%');
    expect(percentChange({ now: 5, before: 0 })).toBe('new');
    expect(percentChange({ now: 0, before: 0 })).toBe('–');
    expect(pointChange(0.4, 0.5)).toBe('-10.0 pts');
    expect(pointChange(0.5, 0.5)).toBe('±0.0 pts');
    expect(pointChange(null, 0.5)).toBe('–');
  });

  it('is a monthly text with the tests’ verdicts, and HTML with the customer’s names escaped', () => {
    const m = digestMessage(figures);
    expect(m.subject).toBe('Monthly report for Shop <&>: November 2026');
    expect(m.text).toContain('November 2026, changes against the month before');
    expect(m.text).toContain('  Visitors     1,200  (+20%)');
    expect(m.text).toContain('  Bounce rate  –  (–)');
    expect(m.text).toContain('  No sessions.');
    expect(m.text).toContain('  Green button: B is better: +12.0% conversion rate per visitor.');
    expect(m.html).toContain('Monthly report for Shop &lt;&amp;&gt;');
    expect(m.html).not.toContain('<img');
  });
});
