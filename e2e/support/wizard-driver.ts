import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { normalizeEvent } from '../../src/server/ingest/normalize-event.js';
import { startDashboard, type Dashboard } from './dashboard-harness.js';

export const PROPERTY = 'acme-shop';
export const PAGE = '/demo/pricing';
export const TRIAL_TEST = 'Pricing: a more specific trial button';
export const BOTH = "Visitors would be in both tests, and each test's figures would include the other's changes.";

/** The demo dashboard, with the pricing page given a second recommendation. */
export async function startWizardDashboard(): Promise<Dashboard> {
  const dash = await startDashboard();
  // The demo's figures give each page one recommendation. 3,000 more visits that land on the pricing
  // page, read 10% of it and leave (yesterday) push its bounce rate over the headline rule's 50%, so
  // the page has a text recommendation (its headline) beside the css one (its trial button).
  const now = new Date();
  const landed = Array.from({ length: 3000 }, (_, i) => {
    const visit = { property_id: PROPERTY, visitor_id: `wiz${i}`, session_id: `wizs${i}`, path: PAGE };
    const at = now.getTime() - 86_400_000 - i * 10_000;
    return [
      normalizeEvent(
        { ...visit, type: 'engagement', scroll_depth: 0.1, engaged_ms: 3000, ts: new Date(at + 3000).toISOString() },
        now,
      ),
      normalizeEvent({ ...visit, type: 'pageview', ts: new Date(at).toISOString() }, now),
    ];
  }).flat();
  await dash.store.insertEvents(landed.reverse());
  // The demo data holds the tracker's snapshot of the pricing page, so the recommendations can look
  // at its own elements (headline, button text), not only at its click figures.
  expect((await dash.store.pageSnapshot(PROPERTY, PAGE))?.elements.length).toBeGreaterThan(3);
  return dash;
}

/** How the wizard's browser tests drive it: addresses, the form's groups and fields, its steps and draft. */
export function wizardDriver(dash: Dashboard) {
  const page = dash.page;
  const wizardUrl = (search = '') => `${dash.origin}/experiments/new?property=${PROPERTY}${search}`;
  const variant = (n: number) => page.getByRole('group', { name: `Variant ${n}`, exact: true });
  const change = (v: number, n: number) => variant(v).getByRole('group', { name: new RegExp(`^Change ${n}\\b`) });
  const stepTitle = () => page.locator('#wizard-step-title').textContent();
  /** Next, then wait for the step to change (Next checks the step's fields first). */
  const next = async () => {
    const before = await stepTitle();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(stepTitle).not.toBe(before);
  };
  const errorOf = async (input: Locator) => {
    const id = (await input.getAttribute('aria-describedby'))?.split(' ').find((x) => x.endsWith('-error'));
    return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
  };
  const splitTest = (id: string) => dash.api(`/properties/${PROPERTY}/split-tests/${id}`);
  /** The wizard's draft for the property as the tab holds it (session sign-in), or null. */
  const storedDraft = () =>
    page.evaluate((key) => sessionStorage.getItem(key), `sightline.wizard-draft:session:${PROPERTY}`);
  const stepParam = () => new URL(page.url()).searchParams.get('step');
  /** The API's active tests on a page, with every selector their variants change. */
  const runningOn = async (path: string) => {
    const list = (await dash.api(`/properties/${PROPERTY}/split-tests?status=active&limit=100`)).data as {
      experiment_id: string;
      name: string;
      page: string;
    }[];
    return Promise.all(
      list
        .filter((t) => t.page === path)
        .map(async (t) => {
          const detail = (await splitTest(t.experiment_id)) as { variants: { changes: { selector: string }[] }[] };
          return { name: t.name, selectors: detail.variants.flatMap((v) => v.changes.map((c) => c.selector)) };
        }),
    );
  };

  return { wizardUrl, variant, change, stepTitle, next, errorOf, splitTest, storedDraft, stepParam, runningOn };
}
