import type { Page } from 'playwright-core';
import { startDashboard, type Dashboard } from './dashboard-harness.js';

// What the dashboard's experiment tests share: the demo property with two running tests, the API's
// answers they compare the pages with, and how they read a page.

export const PROPERTY = 'acme-shop';
export const SLOW = { timeout: 20_000 };
export const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export interface ListItem {
  experiment_id: string;
  name: string;
  page: string;
  status: string;
  variant_count: number;
}
export interface Variant {
  label: string;
  is_control: boolean;
  sessions: number;
  conversions: number;
  conversion_rate: number;
  visitors: number;
  converted_visitors: number;
  visitor_conversion_rate: number;
}
export interface Detail {
  experiment_id: string;
  name: string;
  type: string;
  status: string;
  auto_stop_days: number | null;
  reason: string | null;
  variants: Variant[];
  stats: { verdict: string };
  decision: {
    status: string;
    plan: { planned_visitors_per_variant: number | null; progress: number | null; days_left: number | null };
  };
}

/** A DataTable's rows as the reader sees them, cell by cell. */
export const tableRows = (page: Page, testId: string) =>
  page
    .locator(`[data-testid="${testId}"] tbody tr`)
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (c) => (c.textContent ?? '').trim())),
    );

/** The demo property's tests as the API lists them (newest first). */
export const listExperiments = async (dash: Dashboard) =>
  (await dash.api<{ data: ListItem[] }>(`/properties/${PROPERTY}/split-tests`)).data;

/** One of the demo property's tests as the API details it. */
export const experimentDetail = (dash: Dashboard, id: string) =>
  dash.api<Detail>(`/properties/${PROPERTY}/split-tests/${id}`);

/** Opens a test's detail page and waits for its verdict. */
export async function openExperimentDetail(dash: Dashboard, id: string): Promise<void> {
  await dash.page.goto(`${dash.origin}/experiments/${id}?property=${PROPERTY}`);
  await dash.page.getByTestId('verdict').waitFor(SLOW);
}

/** The dashboard over the demo data, signed in as the admin, with the demo property's tests as listed then. */
export async function startExperimentDashboard(): Promise<{ dash: Dashboard; page: Page; tests: ListItem[] }> {
  const dash = await startDashboard();
  return { dash, page: dash.page, tests: await listExperiments(dash) };
}
