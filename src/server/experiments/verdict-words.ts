import { chanceShown } from '../../contract/chance-display.js';
import type { VerdictInput } from './verdict.js';

/** An arm's label, or the name the dashboard would give it. */
export const armName = (v: Pick<VerdictInput, 'labels'>) => (i: number) =>
  v.labels[i] ?? (i === 0 ? 'Control' : `Variant ${String.fromCharCode(65 + i)}`);

/** A chance the way the variants table shows it (contract/chance-display.ts): "92.3%", "> 99.9%". */
export function pct(p: number): string {
  const { bound, ratio } = chanceShown(p);
  return `${bound ? `${bound} ` : ''}${Number((ratio * 100).toFixed(1))}%`;
}

/** A count with thousands separators ("1,241"), as the dashboard prints every other figure. */
export const count = (n: number) => n.toLocaleString('en-US');

/** "about 1,241 more days": how long a running test still needs. */
export const moreDays = (days: number) => `about ${count(days)} more day${days === 1 ? '' : 's'} at current traffic`;

/** The lowest of several chances: "at least 73.9%", or "> 99.9%" when even that one is beyond the scale. */
export const atLeast = (p: number) => (chanceShown(p).bound === '>' ? pct(p) : `at least ${pct(p)}`);

export const signed = (u: number) => `${u >= 0 ? '+' : '-'}${Math.abs(u * 100).toFixed(1)}%`;
export const upliftText = (u: number | null) => (u === null ? '' : ` (${signed(u)} conversion rate)`);

/**
 * Who leads and by how much, when no winner is called: the variant most likely to beat the control,
 * or, when the leader beats the control but not its closest rival, both chances. `past` for a test
 * that has ended ("had" instead of "has").
 */
export function leadText(v: VerdictInput, past: boolean): string {
  const name = armName(v);
  const has = past ? 'had' : 'has';
  const race = v.race!;
  const leaderBeatsControl = race.leader > 0 ? v.beats(race.leader, 0) : 0;
  if (leaderBeatsControl >= v.callChance && race.chance < v.callChance && race.rival !== 0) {
    return `${name(race.leader)} ${has} ${pct(leaderBeatsControl)} chance to beat ${name(0)} but only ${pct(race.chance)} to beat ${name(race.rival)}`;
  }
  let focus = 1;
  for (let i = 2; i < v.arms.length; i++) if (v.beats(i, 0) > v.beats(focus, 0)) focus = i;
  return `${name(focus)} ${has} ${pct(v.beats(focus, 0))} chance to beat ${name(0)}`;
}
