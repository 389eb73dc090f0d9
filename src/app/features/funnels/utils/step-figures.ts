import type { FunnelResponse } from '../../../../contract/funnels.js';

type Step = FunnelResponse['data']['steps'][number];

export type StepFigures = Step & {
  /** Share of the sessions that entered at step 1; sets the bar's length. */
  of_first: number;
  /** Sessions lost since the previous step (0 at step 1). */
  dropped_off: number;
  /** Of the previous step's sessions; null when it had none (nothing could drop off). */
  drop_off_rate: number | null;
};

/** What a step is called on screen: its page, or its goal's name. */
export const stepName = (s: Step): string => (s.goal !== undefined ? s.name : s.page);

/** The API's step list plus what a funnel chart shows beside each bar; also the CSV's columns. */
export function stepFigures(steps: Step[]): StepFigures[] {
  const first = steps[0]?.sessions ?? 0;
  return steps.map((s, i) => {
    const before = i === 0 ? s.sessions : steps[i - 1].sessions;
    // Unbounded and sequential counts never rise from one step to the next; clamp in case a store rounds.
    const dropped = Math.max(0, before - s.sessions);
    return {
      ...s,
      of_first: first === 0 ? 0 : s.sessions / first,
      dropped_off: dropped,
      drop_off_rate: before === 0 ? null : dropped / before,
    };
  });
}
