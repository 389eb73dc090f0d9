import { describe, expect, it } from 'vitest';
import {
  autoStopAt,
  daysBetween,
  formatInterval,
  formatSignificance,
  formatUplift,
  variantRows,
} from './variant-figures.js';

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
  stats: {
    uplift: 0.2,
    uplift_interval: [-0.07, 0.55] as [number, number],
    p_value: 0.0312,
    significant: true,
    better: true,
  },
};

describe('variant figures', () => {
  it('flattens the API variant into raw figures, the control without statistics', () => {
    const [c, b] = variantRows([control, variant]);
    expect(c).toMatchObject({
      label: 'Control',
      is_control: true,
      sessions: 1000,
      conversions: 100,
      visitors: 900,
      uplift: null,
      p_value: null,
      uplift_low: null,
      uplift_high: null,
    });
    expect(b).toMatchObject({
      sessions: 1000,
      conversions: 120,
      conversion_rate: 0.12,
      visitors: 910,
      converted_visitors: 115,
      uplift: 0.2,
      p_value: 0.0312,
      significant: true,
      better: true,
      uplift_low: -0.07,
      uplift_high: 0.55,
      revenue: 50,
    });
    expect(Object.values(b).some((v) => v !== null && typeof v === 'object')).toBe(false); // CSV-ready: no nested values
  });

  it('says where a variant stands against the control, with the p-value behind it', () => {
    expect(formatSignificance({ p_value: 0.0312, significant: true, better: true })).toBe('Better (p = 0.0312)');
    expect(formatSignificance({ p_value: 0.00001, significant: true, better: false })).toBe('Worse (p < 0.0001)');
    expect(formatSignificance({ p_value: 0.2446, significant: false, better: false })).toBe('Not yet (p = 0.2446)');
    expect(formatSignificance({ p_value: null, significant: false, better: false })).toBe('—');
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
      uplift_interval: null,
      p_value: null,
      significant: false,
      better: false,
      unavailable_reason: 'no_conversions' as const,
    };
    const [, b] = variantRows([
      { ...control, conversions: 0, conversion_rate: 0 },
      { ...variant, conversions: 0, conversion_rate: 0, stats: none },
    ]);
    expect(b).toMatchObject({ p_value: null, uplift_low: null, unavailable_reason: 'no_conversions' });
  });
});
