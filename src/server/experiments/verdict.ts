import { formatP } from '../../contract/chance-display.js';
import type { ArmCounts } from './beta-comparison.js';
import type { Race, VariantStats } from './statistics.js';
import { completeVerdict } from './verdict-complete.js';
import { armName, atLeast, count, leadText, moreDays, pct, signed, upliftText } from './verdict-words.js';

export interface VerdictInput {
  arms: ArmCounts[];
  labels: string[];
  srmP: number | null;
  srm: boolean;
  /** The traffic check found the sessions may be forged: no call, whatever the figures say. */
  forged: boolean;
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
  /** The test has ended: the sentence reports what was found, in the past tense, and never asks for more days. */
  complete: boolean;
}

/** One sentence a person can act on: the winner, why there is none (yet), or why the data can't be trusted. */
export function verdict(v: VerdictInput): string {
  return v.complete ? completeVerdict(v) : runningVerdict(v);
}

function runningVerdict(v: VerdictInput): string {
  const name = armName(v);
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

  if (v.forged && v.race) {
    return `No winner is called while the traffic looks forged (see the traffic check): ${leadText(v, false)}.`;
  }
  if (v.canCall && v.race) {
    const w = v.race.leader;
    if (w > 0) {
      const rest = others(w);
      const restText = rest.length
        ? ` and every other variant with ${atLeast(Math.min(...rest.map((j) => v.beats(w, j))))}`
        : '';
      return `${name(w)} beats ${name(0)} with ${pct(v.beats(w, 0))} chance${upliftText(uplift(w))}${restText}; enough data to call it.`;
    }
    if (k === 2) {
      const u = uplift(1);
      return `${name(0)} beats ${name(1)} with ${pct(v.beats(0, 1))} chance${u === null ? '' : ` (${name(1)}: ${signed(u)} conversion rate)`}; enough data to call it.`;
    }
    return `${name(0)} beats every variant with ${atLeast(v.race.chance)} chance; enough data to call it.`;
  }

  if (v.arms.every((a) => a.conversions === 0)) {
    return `No conversions yet: every variant needs at least ${v.minConversions} before a winner can be called${daysText(v.days)}.`;
  }
  return `No winner yet: ${leadText(v, false)}; ${dataText(v)}.`;
}

function dataText(v: VerdictInput): string {
  if (v.days !== null) return moreDays(v.days);
  const sessions = count(v.minSessions);
  if (v.enoughData) return `with ${sessions} sessions per variant, any difference is likely too small to matter`;
  return `each variant needs ${sessions} sessions and ${v.minConversions} conversions before a winner can be called`;
}

const daysText = (days: number | null) => (days === null ? '' : `; ${moreDays(days)}`);
