import type { ArmCounts } from './beta-comparison.js';
import type { Race, VariantStats } from './statistics.js';

export interface VerdictInput {
  arms: ArmCounts[];
  labels: string[];
  srmP: number | null;
  srm: boolean;
  race: Race | null;
  canCall: boolean;
  minSessions: number;
  minConversions: number;
  callChance: number;
  /** Every arm has the required sessions and conversions. */
  enoughData: boolean;
  days: number | null;
  /** P(arm i converts better than arm j). */
  beats: (i: number, j: number) => number;
  perVariant: (VariantStats | null)[];
}

/** One sentence a person can act on: the winner, why there is none yet, or why the data can't be trusted. */
export function verdict(v: VerdictInput): string {
  const name = (i: number) => v.labels[i] ?? (i === 0 ? 'Control' : `Variant ${String.fromCharCode(65 + i)}`);
  const k = v.arms.length;
  if (k === 0) return 'No variants.';
  if (v.arms.every((a) => a.sessions === 0)) return 'No sessions yet.';
  if (k === 1) return `Only ${name(0)} is running, so there is nothing to compare.`;
  if (v.srm) {
    return `Sample ratio mismatch (${formatP(v.srmP!)}): sessions are not split evenly, so results can't be trusted — check the redirect or targeting.`;
  }
  const empty = v.arms.findIndex((a) => a.sessions === 0);
  if (empty >= 0) return `No winner yet: ${name(empty)} has no sessions yet.`;
  const uplift = (i: number) => v.perVariant[i]?.uplift ?? null;
  const others = (i: number) => v.arms.map((_, j) => j).filter((j) => j !== 0 && j !== i);

  if (v.canCall && v.race) {
    const w = v.race.leader;
    if (w > 0) {
      const rest = others(w);
      const restText = rest.length ? ` and every other variant with at least ${pct(Math.min(...rest.map((j) => v.beats(w, j))))}` : '';
      return `${name(w)} beats ${name(0)} with ${pct(v.beats(w, 0))} chance${upliftText(uplift(w))}${restText}; enough data to call it.`;
    }
    if (k === 2) {
      const u = uplift(1);
      return `${name(0)} beats ${name(1)} with ${pct(v.beats(0, 1))} chance${u === null ? '' : ` (${name(1)}: ${signed(u)} conversion rate)`}; enough data to call it.`;
    }
    return `${name(0)} beats every variant with at least ${pct(v.race.chance)} chance; enough data to call it.`;
  }

  if (v.arms.every((a) => a.conversions === 0)) {
    return `No conversions yet: every variant needs at least ${v.minConversions} before a winner can be called${daysText(v.days)}.`;
  }
  return `No winner yet: ${leadText(v, name)}; ${dataText(v)}.`;
}

function leadText(v: VerdictInput, name: (i: number) => string): string {
  const race = v.race!;
  const leaderBeatsControl = race.leader > 0 ? v.beats(race.leader, 0) : 0;
  if (leaderBeatsControl >= v.callChance && race.chance < v.callChance && race.rival !== 0) {
    return `${name(race.leader)} has ${pct(leaderBeatsControl)} chance to beat ${name(0)} but only ${pct(race.chance)} to beat ${name(race.rival)}`;
  }
  let focus = 1;
  for (let i = 2; i < v.arms.length; i++) if (v.beats(i, 0) > v.beats(focus, 0)) focus = i;
  return `${name(focus)} has ${pct(v.beats(focus, 0))} chance to beat ${name(0)}`;
}

function dataText(v: VerdictInput): string {
  if (v.days !== null) return `about ${v.days} more day${v.days === 1 ? '' : 's'} at current traffic`;
  const sessions = v.minSessions.toLocaleString('en-US');
  if (v.enoughData) return `with ${sessions} sessions per variant, any difference is likely too small to matter`;
  return `each variant needs ${sessions} sessions and ${v.minConversions} conversions before a winner can be called`;
}

const daysText = (days: number | null) => (days === null ? '' : `; about ${days} more day${days === 1 ? '' : 's'} at current traffic`);

/** Rounded down, so a chance just under 95% never reads as 95%. */
function pct(p: number): string {
  const n = Math.floor(p * 100 + 1e-9);
  return n === 0 && p > 0 ? 'under 1%' : `${n}%`;
}

const signed = (u: number) => `${u >= 0 ? '+' : '-'}${Math.abs(u * 100).toFixed(1)}%`;
const upliftText = (u: number | null) => (u === null ? '' : ` (${signed(u)} conversion rate)`);
const formatP = (p: number) => (p < 0.0001 ? 'p < 0.0001' : `p = ${p.toFixed(4)}`);
