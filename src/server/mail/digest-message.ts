import type { Mail } from './mailer.js';
import { escapeHtml } from './html-escape.js';

/** One figure this period and the one before. */
export interface Compared {
  now: number;
  before: number;
}

/** Everything a digest says, gathered by digest-figures.ts; the message is a pure function of it. */
export interface DigestFigures {
  propertyName: string;
  cadence: 'weekly' | 'monthly';
  periodLabel: string;
  visitors: Compared;
  pageViews: Compared;
  /** Share of sessions with one page view; null without sessions. */
  bounceRate: { now: number | null; before: number | null };
  sources: ({ name: string } & Compared)[];
  pages: ({ path: string } & Compared)[];
  goals: ({ name: string } & Compared)[];
  /** Running split tests and their verdict in words. */
  tests: { name: string; verdict: string }[];
  dashboardUrl: string;
  unsubscribeUrl: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "+25%", "-10%", "0%"; "new" from nothing, "–" from nothing to nothing. */
export function percentChange({ now, before }: Compared): string {
  if (before === 0) return now === 0 ? '–' : 'new';
  const change = Math.round(((now - before) / before) * 100);
  return `${change > 0 ? '+' : ''}${change}%`;
}

const rate = (r: number | null) => (r === null ? '–' : `${(r * 100).toFixed(1)}%`);

/** A rate's change in percentage points ("+5.0 pts"): a percent of a percent reads as nonsense. */
export function pointChange(now: number | null, before: number | null): string {
  if (now === null || before === null) return '–';
  const points = (now - before) * 100;
  return `${points > 0 ? '+' : points < 0 ? '-' : '±'}${Math.abs(points).toFixed(1)} pts`;
}

/** Label, figure, change; `true` last when lower is better (bounce rate), so its fall reads as good. */
type Row = [string, string, string, boolean?];

/** The digest's sections as rows (label, figure, change), the same for the text and the HTML. */
function sections(f: DigestFigures): { title: string; head?: [string, string, string]; rows: Row[]; empty?: string }[] {
  const compared = (label: string, c: Compared): Row => [label, count(c.now), percentChange(c)];
  return [
    {
      title: 'Overview',
      rows: [
        compared('Visitors', f.visitors),
        compared('Page views', f.pageViews),
        ['Bounce rate', rate(f.bounceRate.now), pointChange(f.bounceRate.now, f.bounceRate.before), true],
      ],
    },
    {
      title: 'Top sources',
      head: ['Source', 'Sessions', 'Change'],
      rows: f.sources.map((s) => compared(s.name, s)),
      empty: 'No sessions.',
    },
    {
      title: 'Top pages',
      head: ['Page', 'Page views', 'Change'],
      rows: f.pages.map((p) => compared(p.path, p)),
      empty: 'No page views.',
    },
    {
      title: 'Goal conversions',
      head: ['Goal', 'Conversions', 'Change'],
      rows: f.goals.map((g) => compared(g.name, g)),
      empty: 'No goals set up.',
    },
  ];
}

const previousWord = (f: DigestFigures) => (f.cadence === 'weekly' ? 'the week before' : 'the month before');

/** The digest as a message: a plain-text part and a simple inline-styled HTML part, no images. */
export function digestMessage(f: DigestFigures): Omit<Mail, 'to'> {
  const kind = f.cadence === 'weekly' ? 'Weekly' : 'Monthly';
  const subject = `${kind} report for ${f.propertyName}: ${f.periodLabel}`;
  const parts = sections(f);
  const width = (rows: Row[]) => Math.max(0, ...rows.map((r) => r[0].length));
  const text = [
    `${kind} report for ${f.propertyName}`,
    `${f.periodLabel}, changes against ${previousWord(f)}`,
    '',
    ...parts.flatMap((s) => {
      const w = width(s.rows);
      return [
        s.title,
        ...(s.rows.length === 0 ? [`  ${s.empty}`] : s.rows.map((r) => `  ${r[0].padEnd(w)}  ${r[1]}  (${r[2]})`)),
        '',
      ];
    }),
    'Running split tests',
    ...(f.tests.length === 0 ? ['  None running.'] : f.tests.map((t) => `  ${t.name}: ${t.verdict}`)),
    '',
    `Open the dashboard: ${f.dashboardUrl}`,
    `Stop these emails: ${f.unsubscribeUrl}`,
    '',
  ].join('\n');

  const cell = 'padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:left;';
  const num = `${cell}text-align:right;font-variant-numeric:tabular-nums;width:22%;`;
  const good = 'color:#047857;';
  const bad = 'color:#b91c1c;';
  const changeStyle = (c: string, lowerIsBetter = false) =>
    c.startsWith('+')
      ? lowerIsBetter
        ? bad
        : good
      : c.startsWith('-')
        ? lowerIsBetter
          ? good
          : bad
        : 'color:#6b7280;';
  const table = (s: ReturnType<typeof sections>[number]) =>
    `<h2 style="font-size:16px;margin:24px 0 8px;">${escapeHtml(s.title)}</h2>` +
    (s.rows.length === 0
      ? `<p style="color:#6b7280;margin:0;">${escapeHtml(s.empty ?? '')}</p>`
      : `<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px;">` +
        (s.head
          ? `<tr>${s.head.map((h, i) => `<th style="${i ? num : cell}color:#6b7280;font-weight:600;">${escapeHtml(h)}</th>`).join('')}</tr>`
          : '') +
        s.rows
          .map(
            ([label, figure, change, lowerIsBetter]) =>
              `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${num}">${escapeHtml(figure)}</td><td style="${num}${changeStyle(change, lowerIsBetter)}">${escapeHtml(change)}</td></tr>`,
          )
          .join('') +
        `</table>`);
  const tests =
    f.tests.length === 0
      ? `<p style="color:#6b7280;margin:0;">None running.</p>`
      : `<ul style="padding-left:20px;margin:0;">${f.tests.map((t) => `<li style="margin:4px 0;"><strong>${escapeHtml(t.name)}</strong>: ${escapeHtml(t.verdict)}</li>`).join('')}</ul>`;
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;">
<h1 style="font-size:20px;margin:0 0 4px;">${escapeHtml(`${kind} report for ${f.propertyName}`)}</h1>
<p style="color:#6b7280;margin:0;">${escapeHtml(`${f.periodLabel}, changes against ${previousWord(f)}`)}</p>
${parts.map(table).join('\n')}
<h2 style="font-size:16px;margin:24px 0 8px;">Running split tests</h2>
${tests}
<p style="margin:24px 0 0;"><a href="${escapeHtml(f.dashboardUrl)}" style="color:#2563eb;">Open the dashboard</a></p>
<p style="color:#6b7280;font-size:12px;margin:16px 0 0;">You get this because you chose it under Email reports. <a href="${escapeHtml(f.unsubscribeUrl)}" style="color:#6b7280;">Stop these emails</a>.</p>
</div></body></html>`;
  return { subject, text, html };
}
