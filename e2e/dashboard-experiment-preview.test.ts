import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newExperiment } from '../src/server/experiments/experiment-records.js';
import { checkPageQuality, startDashboard, type Dashboard } from './support/dashboard-harness.js';

const PROPERTY = 'acme-shop';
const SLOW = { timeout: 20_000 };
const CTA = '#cta-start-trial';

interface ListItem {
  experiment_id: string;
  name: string;
  page: string;
  status: string;
}

// Preview links (issue 13 §14): the built dashboard over the demo data, with the demo website on its
// own origin as `npm start` runs it. Each variant of a running test links to the test's page on the
// site with `?sl_preview=ID:N`; the site's tracker shows that variant and records nothing.
describe('dashboard: a preview link per variant', () => {
  let dash: Dashboard;
  let page: Page;
  let pricing: ListItem;
  const previewLinks = () => page.getByRole('link', { name: /^Preview .* \(opens in a new tab\)$/ });

  beforeAll(async () => {
    dash = await startDashboard({ demoSite: true });
    page = dash.page;
    const tests = (await dash.api<{ data: ListItem[] }>(`/properties/${PROPERTY}/split-tests`)).data;
    pricing = tests.find((t) => t.page === '/demo/pricing')!;
  }, 300_000);
  afterAll(async () => dash?.close());

  it('links each variant of a running test to its page on the demo site, in a new tab', async () => {
    await page.goto(`${dash.origin}/experiments/${pricing.experiment_id}?property=${PROPERTY}`);
    await page.getByTestId('verdict').waitFor(SLOW);
    await expect.poll(() => previewLinks().count()).toBe(2);
    const links = await previewLinks().evaluateAll((as) =>
      as.map((a) => [
        a.getAttribute('aria-label'),
        a.getAttribute('href'),
        a.getAttribute('target'),
        a.getAttribute('rel'),
      ]),
    );
    const at = (n: number) => `${dash.demoSiteOrigin}/demo/pricing?sl_preview=${pricing.experiment_id}:${n}`;
    expect(links).toEqual([
      ['Preview Control (opens in a new tab)', at(0), '_blank', 'noopener noreferrer'],
      ['Preview Specific, green (opens in a new tab)', at(1), '_blank', 'noopener noreferrer'],
    ]);
    expect(await page.getByTestId('preview-hint').textContent()).toContain(
      'for your browser and that one page load only. It is not counted in the results',
    );
    await checkPageQuality(page, 'experiment-preview-links');
    expect(dash.problems).toEqual([]);
  });

  it('opens the variant on the site and sends nothing from it; the page without the link is counted as usual', async () => {
    // Every event the site's tracker sends, and from which tab.
    const sent: Page[] = [];
    const onRequest = (r: Request) => {
      if (r.url().endsWith('/api/collect')) sent.push(r.frame().page());
    };
    page.context().on('request', onRequest);
    try {
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name: 'Preview Specific, green (opens in a new tab)' }).click(),
      ]);
      await tab.waitForLoadState('domcontentloaded');
      expect(tab.url()).toBe(`${dash.demoSiteOrigin}/demo/pricing?sl_preview=${pricing.experiment_id}:1`);
      await expect.poll(() => tab.locator(CTA).textContent(), SLOW).toBe('Start my 14-day free trial');
      expect(await tab.locator(CTA).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(4, 120, 87)');
      expect(await tab.evaluate(() => Object.keys(localStorage))).toEqual([]);
      await tab.close({ runBeforeUnload: true });

      // The same page without the parameter, in another tab: the tracker runs and sends its page view.
      const plain = await page.context().newPage();
      await plain.goto(`${dash.demoSiteOrigin}/demo/pricing`);
      await expect.poll(() => sent.filter((p) => p === plain).length, SLOW).toBeGreaterThan(0);
      expect(sent.filter((p) => p === tab)).toEqual([]);
      await plain.close();
    } finally {
      page.context().off('request', onRequest);
    }
  });

  it('shows no preview links once the test is stopped, and the old link then shows the page as it is', async () => {
    await page.bringToFront();
    await page.getByRole('button', { name: 'Stop test…' }).click();
    await page.getByRole('button', { name: 'Stop the test' }).click();
    await page.getByTestId('complete-note').waitFor(SLOW);
    expect(await previewLinks().count()).toBe(0);
    expect(await page.getByTestId('preview-hint').count()).toBe(0);

    // A browser without the script cached (it is kept a minute) gets the config without the test.
    const fresh = await dash.browser.newContext({ userAgent: await page.evaluate(() => navigator.userAgent) });
    const notes: string[] = [];
    const tab = await fresh.newPage();
    tab.on('console', (m) => notes.push(m.text()));
    await tab.goto(`${dash.demoSiteOrigin}/demo/pricing?sl_preview=${pricing.experiment_id}:1`);
    await tab.locator(CTA).waitFor();
    expect((await tab.locator(CTA).textContent())?.trim()).toBe('Start free trial');
    expect(notes).toContain(
      `Sightline: no preview of ${pricing.experiment_id}:1: not a running test on this page’s ?p= tag`,
    );
    await fresh.close();
    expect(dash.problems).toEqual([]);
  });

  it('says there is no link for a property without a domain, and shows the parameter to add by hand', async () => {
    await dash.store.createProperty({ id: 'plain-shop', name: 'Plain Shop', domain: null, timezone: 'UTC' });
    const test = newExperiment(
      'plain-shop',
      {
        name: 'Headline',
        page: '/home',
        type: 'nocode',
        variants: [{ label: 'Shorter', changes: [{ selector: 'h1', op: 'text', value: 'Hi' }] }],
      },
      new Date(),
    );
    await dash.store.createExperiment(test);
    // The property list is cached a few minutes: a reload reads it again.
    await page.goto(`${dash.origin}/experiments/${test.id}?property=plain-shop`);
    await page.reload();
    await page.getByTestId('verdict').waitFor(SLOW);
    expect(await page.getByTestId('preview-hint').textContent()).toContain('this property has no domain');
    expect(await previewLinks().count()).toBe(0);
    expect(await page.locator('.preview-query').allTextContents()).toEqual([
      `?sl_preview=${test.id}:0`,
      `?sl_preview=${test.id}:1`,
    ]);
    await checkPageQuality(page, 'experiment-preview-no-domain');
    expect(dash.problems).toEqual([]);
  });
});
