import { describe, expect, it } from 'vitest';
import { experimentStats, type VariantCounts } from './statistics.js';
import { pct } from './verdict-words.js';

const labels = ['Control', 'Variant B', 'Variant C'];
/** Arms as [sessions, conversions], control first; `complete` for a test that has ended. */
const stats = (arms: [number, number][], daysRunning: number, complete = false) =>
  experimentStats(
    arms.map(([sessions, conversions]): VariantCounts => ({ sessions, conversions })),
    { daysRunning, labels, complete },
  );

describe('verdict wording', () => {
  it('shows a chance as the variants table does: rounded down to 0.1%, "> 99.9%" and "< 0.1%" at the ends', () => {
    expect(pct(0.9169019)).toBe('91.6%'); // down, not to 91.7%
    expect(pct(0.9499)).toBe('94.9%'); // just under the call threshold never reads as 95%
    expect(pct(0.95)).toBe('95%');
    expect(pct(0.5)).toBe('50%');
    expect(pct(0.999)).toBe('99.9%');
    expect(pct(0.99904)).toBe('> 99.9%');
    expect(pct(0.00096)).toBe('< 0.1%');
  });

  it('writes day counts with thousands separators', () => {
    // 5.0% vs 5.2% needs the 100,000 cap; 4,000 sessions in 100 days is 20 per arm per day, so
    // (100,000 − 2,000) / 20 = 4,900 days.
    const result = stats(
      [
        [2_000, 100],
        [2_000, 104],
      ],
      100,
    );
    expect(result.estimated_days_to_call).toBe(4_900);
    expect(result.verdict).toBe(
      'No winner yet: Variant B has 61.2% chance to beat Control; about 4,900 more days at current traffic.',
    );
  });
});

describe('verdict of a complete test: what it found, in the past tense', () => {
  it('names the winner with its chance and uplift', () => {
    const result = stats(
      [
        [10_000, 500],
        [10_000, 600],
      ],
      21,
      true,
    );
    expect(result).toMatchObject({ can_call_winner: true, winner_index: 1, estimated_days_to_call: null });
    expect(result.verdict).toBe('Variant B won: it beat Control with > 99.9% chance (+20.0% conversion rate).');
    expect(
      stats(
        [
          [10_000, 600],
          [10_000, 500],
        ],
        21,
        true,
      ).verdict,
    ).toBe('Control won: it beat Variant B with > 99.9% chance (Variant B: -16.7% conversion rate).');
    expect(
      stats(
        [
          [10_000, 500],
          [10_000, 700],
          [10_000, 520],
        ],
        21,
        true,
      ).verdict,
    ).toBe(
      'Variant B won: it beat Control with > 99.9% chance (+40.0% conversion rate) and every other variant with > 99.9%.',
    );
  });

  it('says there was no clear winner and what the leader’s chance was, never how many more days', () => {
    // The same figures running would need 4,900 more days; ended, no days are estimated.
    const ended = stats(
      [
        [2_000, 100],
        [2_000, 104],
      ],
      100,
      true,
    );
    expect(ended.estimated_days_to_call).toBeNull();
    expect(ended.verdict).toBe(
      'No clear winner: Variant B had 61.2% chance to beat Control when it stopped; a call needed 100,000 sessions and 25 conversions per variant.',
    );
    expect(
      stats(
        [
          [10_000, 500],
          [10_000, 600],
          [10_000, 590],
        ],
        10,
        true,
      ).verdict,
    ).toBe(
      'No clear winner: Variant B had > 99.9% chance to beat Control but only 61.7% to beat Variant C when it stopped; a call needed 100,000 sessions and 25 conversions per variant.',
    );
    expect(
      stats(
        [
          [100_000, 5_000],
          [100_000, 5_050],
        ],
        30,
        true,
      ).verdict,
    ).toBe(
      'No clear winner: Variant B had 69.5% chance to beat Control when it stopped; with 100,000 sessions per variant, any difference was likely too small to matter.',
    );
  });

  it('reports an ended test without data, conversions or an even split in the past tense too', () => {
    expect(
      stats(
        [
          [0, 0],
          [0, 0],
        ],
        5,
        true,
      ).verdict,
    ).toBe('It stopped before any sessions were recorded, so there is no result.');
    expect(
      stats(
        [
          [100, 0],
          [100, 0],
        ],
        2,
        true,
      ).verdict,
    ).toBe('No clear winner: no variant had a conversion when it stopped.');
    expect(
      stats(
        [
          [5, 1],
          [0, 0],
        ],
        2,
        true,
      ).verdict,
    ).toBe('No clear winner: Variant B had no sessions when it stopped.');
    expect(
      stats(
        [
          [300, 10],
          [100, 5],
        ],
        2,
        true,
      ).verdict,
    ).toMatch(
      /^Sample ratio mismatch \(p < 0\.0001\): sessions were not split evenly, so its results can't be trusted/,
    );
  });

  it('never speaks of days to go once complete', () => {
    const cases: [number, number][][] = [
      [
        [2_000, 100],
        [2_000, 120],
      ],
      [
        [400, 20],
        [400, 40],
      ],
      [
        [1_000, 10],
        [1_000, 30],
      ],
      [
        [100, 0],
        [100, 0],
      ],
      [
        [300, 15],
        [300, 20],
      ],
    ];
    for (const arms of cases) {
      expect(stats(arms, 4).verdict).toMatch(/more days?|needs/); // running: it still asks for something
      expect(stats(arms, 4, true).verdict).not.toMatch(/more days?|needs|yet/);
    }
  });
});
