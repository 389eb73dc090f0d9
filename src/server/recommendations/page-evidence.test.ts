import { describe, expect, it } from 'vitest';
import { SNAPSHOTS } from '../test-support/recommendation-dataset.js';
import { RECOMMENDATION_NOW, useRecommendationEvidence } from '../test-support/recommendation-evidence.js';

const NOW = RECOMMENDATION_NOW;
const { ev } = useRecommendationEvidence();

describe('page evidence', () => {
  it('reads the last 30 days of the home page: bots and older visits left out', () => {
    const e = ev['/'];
    expect(e.window).toEqual({ start: new Date('2026-02-18T12:00:00Z'), end: NOW, days: 30 });
    // 40 landings (4 more 40 days ago, one bot): 30 bounced, all scrolled 0.2; 28 mobile
    expect(e).toMatchObject({
      pageViews: 40,
      uniqueVisitors: 40,
      bounceRate: 0.75,
      avgScrollDepth: 0.2,
      sessions: 85,
      entries: 40,
      mobileShare: 0.7,
    });
    expect(e.entryShare).toBeCloseTo(40 / 85, 10);
    expect(e.devices).toEqual([
      { device: 'mobile', pageViews: 28, share: 0.7 },
      { device: 'desktop', pageViews: 12, share: 0.3 },
    ]);
    expect(e.clicks.total).toBe(15);
    expect(e.clicks.perView).toBe(15 / 40);
    expect(e.clicks.targets.map((t) => [t.target, t.count, t.perView])).toEqual([
      ['nav a.docs', 10, 0.25],
      ['#menu-toggle', 3, 0.075],
      ['#hero-cta', 2, 0.05],
    ]);
    expect(e.clicks.targets[0].share).toBeCloseTo(10 / 15, 10);
    expect(e.forms).toEqual({ total: 0, perView: 0, targets: [] });
    // the newest snapshot, not the older one with "Old headline"
    expect(e.snapshot?.elements).toEqual(SNAPSHOTS['/']);
  });

  it('counts form submissions per form and per view, and pages nobody landed on', () => {
    const e = ev['/signup'];
    expect(e).toMatchObject({ pageViews: 25, entries: 0, entryShare: 0, bounceRate: 0 });
    expect(e.forms).toEqual({
      total: 1,
      perView: 0.04,
      targets: [{ target: '#signup-form', count: 1, unique: 1, share: 1, perView: 0.04 }],
    });
    expect(ev['/docs'].snapshot).toBeNull();
  });
});
