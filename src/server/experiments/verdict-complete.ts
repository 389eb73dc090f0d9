import { formatP } from '../../contract/chance-display.js';
import type { VerdictInput } from './verdict.js';
import { armName, atLeast, count, leadText, pct, signed, upliftText } from './verdict-words.js';

/**
 * The verdict of a test that has ended: what it found, in the past tense. Its figures are frozen, so
 * it never speaks of days to go or data still needed, only of what the data showed when it stopped.
 */
export function completeVerdict(v: VerdictInput): string {
  const name = armName(v);
  const k = v.arms.length;
  if (k === 0) return 'No variants.';
  if (v.arms.every((a) => a.sessions === 0))
    return 'It stopped before any sessions were recorded, so there is no result.';
  if (k === 1) return `Only ${name(0)} ran, so there was nothing to compare.`;
  if (v.srm) {
    return `Sample ratio mismatch (${formatP(v.srmP!)}): sessions were not split evenly, so its results can't be trusted — check the redirect or targeting before testing again.`;
  }
  const empty = v.arms.findIndex((a) => a.sessions === 0);
  if (empty >= 0) return `No clear winner: ${name(empty)} had no sessions when it stopped.`;
  const uplift = (i: number) => v.perVariant[i]?.uplift ?? null;
  if (v.forged && v.race) {
    return `No winner was called: its traffic looked forged (see the traffic check); ${leadText(v, true)} when it stopped.`;
  }

  if (v.canCall && v.race) {
    const w = v.race.leader;
    if (w > 0) {
      const rest = v.arms.map((_, j) => j).filter((j) => j !== 0 && j !== w);
      const restText = rest.length
        ? ` and every other variant with ${atLeast(Math.min(...rest.map((j) => v.beats(w, j))))}`
        : '';
      return `${name(w)} won: it beat ${name(0)} with ${pct(v.beats(w, 0))} chance${upliftText(uplift(w))}${restText}.`;
    }
    if (k === 2) {
      const u = uplift(1);
      return `${name(0)} won: it beat ${name(1)} with ${pct(v.beats(0, 1))} chance${u === null ? '' : ` (${name(1)}: ${signed(u)} conversion rate)`}.`;
    }
    return `${name(0)} won: it beat every variant with ${atLeast(v.race.chance)} chance.`;
  }

  if (v.arms.every((a) => a.conversions === 0)) return 'No clear winner: no variant had a conversion when it stopped.';
  const sessions = count(v.minSessions);
  const why = v.enoughData
    ? `with ${sessions} sessions per variant, any difference was likely too small to matter`
    : `a call needed ${sessions} sessions and ${v.minConversions} conversions per variant`;
  return `No clear winner: ${leadText(v, true)} when it stopped; ${why}.`;
}
