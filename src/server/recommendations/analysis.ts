import type { Recommendation } from '../../contract/recommendations.js';
import { count, fmt, pct } from './format.js';
import type { PageEvidence } from './page-evidence.js';

const topOf = (targets: PageEvidence['clicks']['targets']) => targets[0] ?? null;

function entrySentence(ev: PageEvidence): string {
  if (ev.entries === null)
    return ' It is not among the busiest landing pages, so its entry share and bounce rate are not reported.';
  if (ev.entries === 0) return ' No session started on it, so it has no bounce rate of its own.';
  return ` ${fmt(ev.entries)} sessions (${pct(ev.entryShare ?? 0)} of the property's ${fmt(ev.sessions)}) started here, and ${pct(ev.bounceRate)} of them left without viewing another page.`;
}

/** How the default engine says what it is, in prose (meta.engine says it to programs). */
export const DETERMINISTIC_NOTE =
  ' These recommendations come from fixed rules over the figures above (no language model): the same data always gives the same answer.';

/** The paragraph the response opens with: every figure the rules read, then what they concluded. */
export function overallAnalysis(ev: PageEvidence, recs: Recommendation[]): string {
  const top = topOf(ev.clicks.targets);
  const parts = [
    `In the last ${ev.window.days} days ${ev.page} had ${count(ev.pageViews, 'page view')} from ${count(ev.uniqueVisitors, 'unique visitor')}.`,
    entrySentence(ev),
    ` Visitors scrolled ${pct(ev.avgScrollDepth)} of the page on average.`,
    ev.clicks.total > 0
      ? ` It received ${count(ev.clicks.total, 'click')} (${pct(ev.clicks.perView)} of page views)${top ? `; ${top.target} took ${pct(top.share)} of them` : ''}.`
      : ' No clicks were recorded on it.',
    ev.forms.total > 0
      ? ` Forms on it were submitted ${count(ev.forms.total, 'time')} (${pct(ev.forms.perView)} of page views).`
      : '',
    ev.devices.length > 0 ? ` ${pct(ev.mobileShare)} of its views came from mobile devices.` : '',
    ev.snapshot
      ? ''
      : ' The tracker has not sent a snapshot of this page yet, so only elements seen in click and form data can be recommended, with lower confidence.',
    recs.length > 0
      ? ` ${recs.length} change${recs.length === 1 ? '' : 's'} worth testing; the strongest: ${recs[0].title} (${recs[0].expected_impact}, confidence ${recs[0].confidence_score}).`
      : ' None of the rules found a change these figures support.',
    DETERMINISTIC_NOTE,
  ];
  return parts.join('');
}

/** Three to six one-line findings, each with its number. */
export function keyInsights(ev: PageEvidence): string[] {
  const top = topOf(ev.clicks.targets);
  const topForm = topOf(ev.forms.targets);
  const hasForm = ev.forms.total > 0 || (ev.snapshot?.elements ?? []).some((e) => e.kind === 'form');
  const desktop = ev.devices.find((d) => d.device === 'desktop')?.share ?? 0;
  const out = [
    `${count(ev.pageViews, 'page view')} and ${count(ev.uniqueVisitors, 'unique visitor')} in the last ${ev.window.days} days`,
    ev.entries
      ? `Bounce rate ${pct(ev.bounceRate)} over ${fmt(ev.entries)} entries; average scroll depth ${pct(ev.avgScrollDepth)}`
      : `Average scroll depth ${pct(ev.avgScrollDepth)}; ${ev.entries === 0 ? 'no session started on this page' : 'entries unknown'}`,
    ev.entries
      ? `${pct(ev.entryShare ?? 0)} of the property's ${fmt(ev.sessions)} sessions started on this page`
      : null,
    `${count(ev.clicks.total, 'click')}, ${pct(ev.clicks.perView)} of page views${top ? `; ${top.target} has ${pct(top.share)} of them (${fmt(top.count)})` : ''}`,
    hasForm
      ? `${count(ev.forms.total, 'form submission')}, ${pct(ev.forms.perView)} of page views${topForm ? ` (${topForm.target}: ${fmt(topForm.count)})` : ''}`
      : null,
    ev.devices.length > 0 ? `${pct(ev.mobileShare)} of page views on mobile, ${pct(desktop)} on desktop` : null,
  ];
  return out.filter((s): s is string => s !== null).slice(0, 6);
}
