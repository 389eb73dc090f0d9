import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, todayIn } from '../../src/app/lib/date-range.js';
import { startDashboard, type Dashboard } from './dashboard-harness.js';

// What the Funnels browser tests share: the demo property, a funnel of its pages whose two modes
// differ, and the builder and its figures as a marketer sees them, beside the API's answers.

export const PROPERTY = 'acme-shop';
export const TZ = 'America/New_York';
export const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
export const SLOW = { timeout: 20_000 };
type Mode = 'unbounded' | 'sequential';
interface Funnel {
  data: {
    steps: { page: string; sessions: number; conversion_rate: number }[];
    overall_conversion_rate: number;
    breakdown?: { value: string; steps: { sessions: number }[] }[];
  };
}

export interface FunnelStory {
  dash: Dashboard;
  page: Page;
  range: { start: string; end: string };
  /** Three of the most viewed pages, in an order where "in order" counts fewer sessions than "any order". */
  funnelPages: string[];
  /** How many paths the builder offers to pick from. */
  observedCount: number;
}

/** The builder and API helpers over the story `story()` returns (started in a beforeAll). */
export function funnelHelpers(story: () => FunnelStory) {
  const dated = () => `start=${story().range.start}&end=${story().range.end}&timezone=${encodeURIComponent(TZ)}`;
  const stepsParam = (steps: string[]) => encodeURIComponent(JSON.stringify(steps.map((p) => ({ page: p }))));
  const funnel = (steps: string[], mode: Mode, extra = ''): Promise<Funnel> =>
    story().dash.api(`/properties/${PROPERTY}/funnels?${dated()}&steps=${stepsParam(steps)}&mode=${mode}${extra}`);
  const stepInput = (n: number) => story().page.getByLabel(`Step ${n}`, { exact: true });
  const shownSessions = () => story().page.locator('[data-testid=funnel-bars] .funnel-sessions').allTextContents();
  const expectFigures = async (expected: Funnel) => {
    const { page } = story();
    await expect.poll(shownSessions).toEqual(expected.data.steps.map((s) => en.format(s.sessions)));
    expect(await page.getByTestId('funnel-overall').textContent()).toBe(
      pct.format(expected.data.overall_conversion_rate),
    );
    const conversions = await page.locator('[data-testid=funnel-bars] .funnel-conversion').allTextContents();
    expect(conversions).toEqual(expected.data.steps.slice(1).map((s) => pct.format(s.conversion_rate)));
  };
  const inputValues = async (count: number) =>
    Promise.all(Array.from({ length: count }, (_, i) => stepInput(i + 1).inputValue()));
  const savedNames = async () =>
    ((await story().dash.api(`/properties/${PROPERTY}/saved-funnels`)) as { data: { name: string }[] }).data.map(
      (f) => f.name,
    );
  return { dated, stepsParam, funnel, stepInput, shownSessions, expectFigures, inputValues, savedNames };
}

/**
 * The dashboard over the demo data with no saved funnels (an empty builder, an empty list; the demo's
 * own saved funnels, and the page opening on one, are dashboard-saved-funnels.test.ts's), and a funnel
 * of its pages whose modes differ.
 */
export async function startFunnelStory(): Promise<FunnelStory> {
  const dash = await startDashboard();
  try {
    return await pickFunnel(dash);
  } catch (err) {
    await dash.close();
    throw err;
  }
}

async function pickFunnel(dash: Dashboard): Promise<FunnelStory> {
  for (const f of await dash.store.listSavedFunnels(PROPERTY)) await dash.store.deleteSavedFunnel(PROPERTY, f.id);
  const today = todayIn(TZ);
  const story: FunnelStory = {
    dash,
    page: dash.page,
    range: { start: addDays(today, -29), end: today },
    funnelPages: [],
    observedCount: 0,
  };
  const { dated, funnel } = funnelHelpers(() => story);
  const pages = (await dash.api(`/properties/${PROPERTY}/pages/breakdown?${dated()}&limit=50`)) as {
    data: { path: string }[];
  };
  story.observedCount = pages.data.length;
  const top = pages.data.slice(0, 5).map((p) => p.path);
  for (const [a, b, c] of [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [0, 1, 3],
    [0, 3, 1],
    [1, 2, 3],
  ]) {
    const steps = [top[a], top[b], top[c]];
    const [any, ordered] = await Promise.all([funnel(steps, 'unbounded'), funnel(steps, 'sequential')]);
    if (ordered.data.steps[2].sessions > 0 && ordered.data.steps[2].sessions !== any.data.steps[2].sessions) {
      story.funnelPages = steps;
      break;
    }
  }
  expect(story.funnelPages, 'a demo funnel whose modes differ').toHaveLength(3);
  return story;
}

/** The builder as the earlier steps of the story leave it: the funnel in order, broken down by device. */
export const builderUrl = (s: FunnelStory) =>
  `${s.dash.origin}/funnels?property=${PROPERTY}&steps=${encodeURIComponent(JSON.stringify(s.funnelPages))}&mode=sequential&breakdownBy=device`;
