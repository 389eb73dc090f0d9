import { describe, expect, it } from 'vitest';
import { autoStopAt, daysBetween, formatChance, formatInterval, formatUplift, variantRows } from './variant-figures.js';

const control = {
  label: 'Control',
  is_control: true,
  changes: [],
  sessions: 1000,
  conversions: 100,
  conversion_rate: 0.1,
  revenue: 0,
  revenue_per_session: 0,
  visitors: 900,
  converted_visitors: 95,
  visitor_conversion_rate: 95 / 900,
  value_per_visitor: null,
  stats: null,
};
const variant = {
  label: 'Variant B',
  is_control: false,
  changes: [{ selector: 'h1', op: 'text' as const, value: 'Hi' }],
  sessions: 1000,
  conversions: 120,
  conversion_rate: 0.12,
  revenue: 50,
  revenue_per_session: 0.05,
  visitors: 910,
  converted_visitors: 115,
  visitor_conversion_rate: 115 / 910,
  value_per_visitor: null,
  stats: { uplift: 0.2, chance_to_beat_control: 0.923183438974, uplift_interval: [-0.07, 0.55] as [number, number] },
};

describe('variant figures', () => {
  it('flattens the API variant into raw figures, the control without statistics', () => {
    const [c, b] = variantRows([control, variant]);
    expect(c).toMatchObject({
      label: 'Control',
      is_control: true,
      sessions: 1000,
      conversions: 100,
      uplift: null,
      chance_to_beat_control: null,
      uplift_low: null,
      uplift_high: null,
    });
    expect(b).toMatchObject({
      sessions: 1000,
      conversions: 120,
      conversion_rate: 0.12,
      uplift: 0.2,
      chance_to_beat_control: 0.923183438974,
      uplift_low: -0.07,
      uplift_high: 0.55,
      revenue: 50,
    });
    expect(Object.values(b).some((v) => typeof v === 'object')).toBe(false); // CSV-ready: no nested values
  });

  it('formats chance without claiming certainty at the ends', () => {
    expect(formatChance(0.923183438974)).toBe('92.3%');
    // Rounded down like the verdict sentence: 0.9169 is 91.6% there, so here too; 94.96% is not "95%".
    expect(formatChance(0.9169019191577937)).toBe('91.6%');
    expect(formatChance(0.9496)).toBe('94.9%');
    expect(formatChance(0.9993509762430435)).toBe('> 99.9%');
    expect(formatChance(0.9996)).toBe('> 99.9%');
    expect(formatChance(0.0002)).toBe('< 0.1%');
    expect(formatChance(0.5)).toBe('50%');
    expect(formatChance(null)).toBe('—');
  });

  it('signs uplift and its interval; no control rate means no uplift', () => {
    expect(formatUplift(0.2)).toBe('+20%');
    expect(formatUplift(-0.125)).toBe('-12.5%');
    expect(formatUplift(null)).toBe('—');
    expect(formatInterval(-0.07, 0.55)).toBe('-7% to +55%');
    expect(formatInterval(null, 0.1)).toBe('—');
  });

  it('counts whole days and the auto-stop moment as the server does (created_at + days)', () => {
    expect(daysBetween('2026-03-01T10:00:00.000Z', '2026-03-08T09:59:59.999Z')).toBe(6);
    expect(daysBetween('2026-03-01T10:00:00.000Z', null, Date.parse('2026-03-08T10:00:00.000Z'))).toBe(7);
    expect(autoStopAt('2026-03-01T10:00:00.000Z', 30)).toBe('2026-03-31T10:00:00.000Z');
  });
});

describe('nothing to compare yet (issue 13 §12)', () => {
  it("keeps the API's reason beside the missing figures", () => {
    const none = {
      uplift: null,
      chance_to_beat_control: null,
      uplift_interval: null,
      unavailable_reason: 'no_conversions' as const,
    };
    const [, b] = variantRows([
      { ...control, conversions: 0, conversion_rate: 0 },
      { ...variant, conversions: 0, conversion_rate: 0, stats: none },
    ]);
    expect(b).toMatchObject({ chance_to_beat_control: null, uplift_low: null, unavailable_reason: 'no_conversions' });
  });
});
