import type { Page } from 'playwright-core';

// What the Pages, Clicks and Forms browser tests share: the demo property, the dashboard's number
// formats, and the tables and figures as a reader sees them.

export const PROPERTY = 'acme-shop';
export const TZ = 'America/New_York';
export const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
/** A rate as the dashboard shows it: "—" where the API says it has no base (null). */
export const rate = (r: number | null) => (r === null ? '—' : pct.format(r));
export const SLOW = { timeout: 20_000 };

// The presets as the dashboard resolves them: the property's today and the days before it.
export const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const lastDays = (days: number) =>
  `start=${addDays(today(), 1 - days)}&end=${today()}&timezone=${encodeURIComponent(TZ)}`;

/** The first `n` rows of a DataTable as the reader sees them, cell by cell. */
export const tableRows = (page: Page, testId: string, n = 50) =>
  page
    .locator(`[data-testid="${testId}"] tbody tr`)
    .evaluateAll(
      (trs, max) =>
        trs
          .slice(0, max)
          .map((tr) => Array.from((tr as HTMLTableRowElement).cells, (c) => (c.textContent ?? '').trim())),
      n,
    );
export const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"] .figure-value`);
export const header = (page: Page, testId: string, label: string) =>
  page.locator(`[data-testid="${testId}"] th`).filter({ hasText: label });

export interface PageRow {
  path: string;
  page_views: number;
  unique_visitors: number;
  avg_scroll_depth: number | null;
  bounce_rate: number | null;
}
/** An element's cell as people read it: its label over its selector (the selector alone when it sent none). */
export const element = (r: { label: string | null; target: string }) => `${r.label ?? ''}${r.target}`;
export const pageCells = (r: PageRow) => [
  r.path,
  en.format(r.page_views),
  en.format(r.unique_visitors),
  rate(r.avg_scroll_depth),
  rate(r.bounce_rate),
];
/** Rows by a rate, those without one last whichever way (issue 13 §3). */
export const byRate = (rows: PageRow[], dir: 1 | -1) =>
  [...rows].sort(
    (a, b) =>
      (a.bounce_rate === null ? 1 : 0) - (b.bounce_rate === null ? 1 : 0) ||
      dir * ((a.bounce_rate ?? 0) - (b.bounce_rate ?? 0)),
  );
