import { describe, expect, it } from 'vitest';
import { binaryArm, continuousArm } from './arm-summary.js';
import { decide, type DecideOptions } from './decide.js';
import { plannedVisitorsPerArm } from './plan.js';

const settled: DecideOptions = {
  daysRunning: 14,
  plannedPerArm: 5_000,
  sampleRatioMismatch: false,
  looksForged: false,
};
// Tuned at N* = 10,000 with N = 10,000 (x = 7.936155): p = 2.989340·exp(−0.444037·z²) for z = d/se.
// Three-arm case of issue 42: control 5.0%, A 7.0%, B 6.8%, 5,000 visitors each.
const threeArms = [binaryArm(5_000, 250), binaryArm(5_000, 350), binaryArm(5_000, 340)];

describe('decide', () => {
  it('calls the best variant against the control and says the runner-up cannot be told apart', () => {
    // A: d = 0.02, se = 0.004746, z = 4.2141, p = 2.989340·exp(−7.8855) = 0.0011244.
    // B: d = 0.018, se = √((0.0475095 + 0.0633807)/5000) = 0.0047095, z = 3.8220, p = 0.0045547.
    // Holm: 2 × 0.0011244 = 0.0022487 and 0.0045547, both < 0.05. The winner is A (7.0% > 6.8%).
    // A − B: d = 0.002, se = 0.0050696, z = 0.39, p = 1: tied.
    const d = decide(threeArms, settled);
    expect(d.status).toBe('winner');
    expect(d.winnerIndex).toBe(1);
    expect(d.significant).toEqual([false, true, true]);
    expect(d.tiedWithWinner).toEqual([2]);
    expect(d.perVariant[0]).toBeNull();
    expect(d.perVariant[1]!.pValue).toBeCloseTo(0.0011244, 7);
    expect(d.perVariant[1]!.adjustedPValue).toBeCloseTo(0.0022487, 7);
    expect(d.perVariant[2]!.adjustedPValue).toBeCloseTo(0.0045547, 7);
    // Intervals at α/2 = 0.025: c = 3.282296; A: 0.02 ± 3.282296·0.004746 = [0.004422, 0.035578].
    expect(d.intervalLevel).toBe(0.975);
    expect(d.perVariant[1]!.differenceInterval![0]).toBeCloseTo(0.004422, 6);
    expect(d.perVariant[1]!.differenceInterval![1]).toBeCloseTo(0.035578, 6);
    // Uplift +40%, ± 3.282296·0.112510 = [+3.071%, +76.93%].
    expect(d.perVariant[1]!.upliftInterval![0]).toBeCloseTo(0.030708, 5);
    expect(d.progress).toMatchObject({ visitors: 15_000, fraction: 1, reached: true });
  });

  it('does not call a variant a guardrail blocks: the next best wins, or nobody', () => {
    // The three-arm case with A hurting a guardrail: B, also better than the control, wins alone.
    const bWins = decide(threeArms, { ...settled, blocked: [false, true, false] });
    expect(bWins).toMatchObject({ status: 'winner', winnerIndex: 2, tiedWithWinner: [] });
    // Both hurt one: no call, and the status says why.
    const none = decide(threeArms, { ...settled, blocked: [false, true, true] });
    expect(none).toMatchObject({ status: 'guardrail_hurt', winnerIndex: null });
    // A blocked variant that is not better changes nothing.
    const flat = [binaryArm(5_000, 250), binaryArm(5_000, 250)];
    expect(decide(flat, { ...settled, blocked: [false, true] }).status).toBe('no_difference');
  });

  it('never calls the control on the revenue case, and calls the variant once the data is there', () => {
    // Control: 20,000 visitors, 800 payers, 400 paid 19 and 400 paid 119: Σ = 55,200 (2.76 a visitor),
    // Σy² = 400·361 + 400·14,161 = 5,808,800. Variant: 680 payers, 590 paid 47 and 90 paid 443:
    // Σ = 27,730 + 39,870 = 67,600 (3.38), Σy² = 590·2,209 + 90·196,249 = 18,965,720. Variances
    // (5,808,800 − 152,352)/19,999 = 282.836542 and (18,965,720 − 228,488)/19,999 = 936.908445; Welch z 2.5106.
    const control = continuousArm(20_000, 55_200, 5_808_800);
    const variant = continuousArm(20_000, 67_600, 18_965_720);
    // The plan from the control at a 10% MDE: 111,610 an arm (plan.test.ts); N* = 223,220, x = 1.422122:
    // p = √2.422122·exp(−6.302957·1.422122/4.844245) = 1.556317·exp(−1.850356) = 0.2446: keep running, 18% of the way.
    const planned = plannedVisitorsPerArm(control);
    expect(planned).toBe(111_610);
    const now = decide([control, variant], { ...settled, daysRunning: 28, plannedPerArm: planned });
    expect(now.status).toBe('keep_running');
    expect(now.perVariant[1]!.pValue).toBeCloseTo(0.2446, 4);
    expect(now.perVariant[1]!.uplift).toBeCloseTo(0.224638, 6);
    expect(now.progress.fraction).toBeCloseTo(20_000 / 111_610, 9);
    // Five times the visitors with the same values: z = 2.5106·√5 = 5.6139, p = 2.85e-6: the variant wins.
    const later = decide([continuousArm(100_000, 276_000, 29_044_000), continuousArm(100_000, 338_000, 94_828_600)], {
      ...settled,
      daysRunning: 140,
      plannedPerArm: planned,
    });
    expect(later.status).toBe('winner');
    expect(later.winnerIndex).toBe(1);
    for (const plannedPerArm of [1_000, 5_000, 20_000, 50_000, 111_610, 500_000, null])
      for (const daysRunning of [7, 28])
        expect(decide([control, variant], { ...settled, daysRunning, plannedPerArm }).winnerIndex).not.toBe(0);
    // The share who paid is what the old engine compared: 4.0% vs 3.4%, z = −3.179, and at N* = 40,000
    // p = 2.989340·exp(−0.444037·10.105609) = 0.03363: on that metric the control would "win".
    const payers = decide([binaryArm(20_000, 800), binaryArm(20_000, 680)], { ...settled, plannedPerArm: 20_000 });
    expect(payers.status).toBe('control_wins');
  });

  it('calls the control only when every variant is worse with confidence', () => {
    // Control 7.0%, A 5.0% (z = −4.214, p = 0.0011244), B 4.8% (z = −4.673, p = 0.00018376): both worse.
    const worse = decide([binaryArm(5_000, 350), binaryArm(5_000, 250), binaryArm(5_000, 240)], settled);
    expect(worse.status).toBe('control_wins');
    expect(worse.winnerIndex).toBe(0);
    // A 3.0% is worse (z = −5.11); B 5.2% is not distinguishable (z = 0.45, p = 1). The plan is reached:
    // no variant is better, and the control has not beaten them all.
    const mixed = decide([binaryArm(5_000, 250), binaryArm(5_000, 150), binaryArm(5_000, 260)], settled);
    expect(mixed.status).toBe('no_difference');
    expect(mixed.winnerIndex).toBeNull();
    expect(mixed.significant).toEqual([false, true, false]);
  });

  it('keeps running until the plan is reached when nothing differs, then says so', () => {
    const same = [binaryArm(5_000, 250), binaryArm(5_000, 252)];
    expect(decide(same, { ...settled, plannedPerArm: 6_000 }).status).toBe('keep_running');
    expect(decide(same, settled).status).toBe('no_difference');
    expect(decide(same, { ...settled, plannedPerArm: null }).status).toBe('keep_running');
  });

  it('reads lower as better when told to (bounce rate)', () => {
    // Bounce 7.0% → 5.0%: the variant's difference is −0.02 and that is the good direction.
    const bounce = decide([binaryArm(5_000, 350), binaryArm(5_000, 250)], { ...settled, higherIsBetter: false });
    expect(bounce.status).toBe('winner');
    expect(bounce.winnerIndex).toBe(1);
    expect(bounce.perVariant[1]!.better).toBe(true);
  });

  it('makes no call on forged traffic, a broken split or before 7 whole days, in that order', () => {
    const forged = decide(threeArms, { ...settled, looksForged: true, sampleRatioMismatch: true, daysRunning: 2 });
    expect(forged.status).toBe('looks_forged');
    expect(forged.winnerIndex).toBeNull();
    expect(decide(threeArms, { ...settled, sampleRatioMismatch: true, daysRunning: 2 }).status).toBe(
      'sample_ratio_mismatch',
    );
    const early = decide(threeArms, { ...settled, daysRunning: 6.9 });
    expect(early.status).toBe('too_early');
    expect(early.tiedWithWinner).toEqual([]);
    // The figures are still there to show; only the call waits.
    expect(early.significant).toEqual([false, true, true]);
    expect(decide(threeArms, { ...settled, daysRunning: 7 }).status).toBe('winner');
    expect(decide(threeArms, { ...settled, daysRunning: 9, minDays: 10 }).status).toBe('too_early');
  });
});
