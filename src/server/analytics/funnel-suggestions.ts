import type { z } from 'zod';
import type { suggestionsParams, suggestionsResponse } from '../../contract/funnels.js';
import { filtersOf, type ReportContext } from './report-context.js';

type Suggestion = z.infer<typeof suggestionsResponse>['data'][number];

export const SUGGESTION_WINDOW_DAYS = 30;
const MAX_SUGGESTIONS = 5;
/** A continuation is proposed only when at least this share of the previous step's sessions take it. */
const MIN_CONTINUATION = 0.2;

const pct = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;
const fmt = (n: number) => n.toLocaleString('en-US');

/** Ranks funnels that start at `page` by the sessions that actually walked them in the last 30 days. */
export async function funnelSuggestions(
  ctx: ReportContext<z.infer<typeof suggestionsParams>>,
): Promise<z.infer<typeof suggestionsResponse>> {
  const page = ctx.query.page;
  const end = ctx.now;
  const start = new Date(end.getTime() - SUGGESTION_WINDOW_DAYS * 86_400_000);
  const rows = await ctx.store.pathsAfter(
    { propertyIds: ctx.propertyIds, start, end, filters: filtersOf(ctx), ...(ctx.goals ? { goals: ctx.goals } : {}) },
    page,
    3,
  );
  const viewed = rows.reduce((n, r) => n + r.sessions, 0);
  const prefix = new Map<string, number>();
  for (const r of rows) {
    for (let len = 2; len <= r.pages.length; len++) {
      const key = JSON.stringify(r.pages.slice(0, len));
      prefix.set(key, (prefix.get(key) ?? 0) + r.sessions);
    }
  }
  const reached = (steps: string[]) => prefix.get(JSON.stringify(steps)) ?? 0;
  const nextOf = (steps: string[]) =>
    [...prefix.entries()]
      .map(([k, n]) => ({ steps: JSON.parse(k) as string[], n }))
      .filter(
        (c) => c.steps.length === steps.length + 1 && c.steps.slice(0, -1).join('\u0000') === steps.join('\u0000'),
      )
      .sort((a, b) => b.n - a.n || a.steps[a.steps.length - 1].localeCompare(b.steps[b.steps.length - 1]));

  const suggestions: (Suggestion & { sessions: number })[] = [];
  for (const first of nextOf([page]).slice(0, MAX_SUGGESTIONS)) {
    let steps = first.steps;
    const parts = [
      `${fmt(first.n)} of the ${fmt(viewed)} sessions that viewed ${page} in the last ${SUGGESTION_WINDOW_DAYS} days (${pct(first.n, viewed)}) went on to ${steps[1]}`,
    ];
    for (;;) {
      const best = nextOf(steps)[0];
      if (!best || best.n < MIN_CONTINUATION * reached(steps)) break;
      parts.push(
        `${fmt(best.n)} of those (${pct(best.n, reached(steps))}) continued to ${best.steps[best.steps.length - 1]}`,
      );
      steps = best.steps;
    }
    const completed = reached(steps);
    const overall =
      steps.length > 2
        ? ` ${fmt(completed)} sessions (${pct(completed, viewed)}) completed all ${steps.length} steps.`
        : '';
    suggestions.push({
      name: steps.join(' → '),
      steps: steps.map((p) => ({ page: p })),
      rationale: `${parts.join('; ')}.${overall}`,
      sessions: first.n,
    });
  }
  // The most travelled next step first: that is where a funnel has the most sessions to measure.
  suggestions.sort((a, b) => b.sessions - a.sessions || b.steps.length - a.steps.length);
  return { meta: { property_id: ctx.propertyIds[0], page }, data: suggestions.map(({ sessions: _s, ...s }) => s) };
}
