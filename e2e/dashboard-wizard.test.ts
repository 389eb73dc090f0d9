import type { Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { normalizeEvent } from '../src/server/ingest/normalize-event.js';
import { recommendationToChange, type Recommendation } from '../src/contract/recommendations.js';
import { checkPageQuality, SCREENSHOT_DIR, startDashboard, type Dashboard } from './support/dashboard-harness.js';

const PROPERTY = 'acme-shop';
const PAGE = '/demo/pricing';

// The wizard in the built dashboard against the real server and the demo data: from a page's
// recommendations to a created split test, a redirect test, and a refusal shown on its field.
describe('dashboard: experiment wizard', () => {
  let dash: Dashboard;
  let page: Page;
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
  const storedDraft = () => page.evaluate((key) => sessionStorage.getItem(key), `sightline.wizard-draft:session:${PROPERTY}`);
  const stepParam = () => new URL(page.url()).searchParams.get('step');
  /** The API's active tests on a page, with every selector their variants change. */
  const runningOn = async (path: string) => {
    const list = (await dash.api(`/properties/${PROPERTY}/split-tests?status=active&limit=100`)).data as { experiment_id: string; name: string; page: string }[];
    return Promise.all(list.filter((t) => t.page === path).map(async (t) => {
      const detail = (await splitTest(t.experiment_id)) as { variants: { changes: { selector: string }[] }[] };
      return { name: t.name, selectors: detail.variants.flatMap((v) => v.changes.map((c) => c.selector)) };
    }));
  };
  const TRIAL_TEST = 'Pricing: a more specific trial button';
  const BOTH = "Visitors would be in both tests, and each test's figures would include the other's changes.";

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    // The demo's figures give each page one recommendation. 3,000 more visits that land on the pricing
    // page, read 10% of it and leave (yesterday) push its bounce rate over the headline rule's 50%, so
    // the page has a text recommendation (its headline) beside the css one (its trial button).
    const now = new Date();
    const landed = Array.from({ length: 3000 }, (_, i) => {
      const visit = { property_id: PROPERTY, visitor_id: `wiz${i}`, session_id: `wizs${i}`, path: PAGE };
      const at = now.getTime() - 86_400_000 - i * 10_000;
      return [
        normalizeEvent({ ...visit, type: 'engagement', scroll_depth: 0.1, engaged_ms: 3000, ts: new Date(at + 3000).toISOString() }, now),
        normalizeEvent({ ...visit, type: 'pageview', ts: new Date(at).toISOString() }, now),
      ];
    }).flat();
    await dash.store.insertEvents(landed.reverse());
    // The demo data holds the tracker's snapshot of the pricing page, so the recommendations can look
    // at its own elements (headline, button text), not only at its click figures.
    expect((await dash.store.latestSnapshot(PROPERTY, PAGE))?.elements.length).toBeGreaterThan(3);
  }, 180_000);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: join(SCREENSHOT_DIR, `wizard-failed-${task.name.slice(0, 20)}.png`), fullPage: true });
  });
  afterAll(() => dash?.close());

  it('turns two recommendations into a two-variant test, checking fields as they are typed', async () => {
    const recs = (await dash.api(`/properties/${PROPERTY}/split-test-recommendations?page=${encodeURIComponent(PAGE)}`)).recommendations as Recommendation[];
    expect(recs.length, 'the demo pricing page should have at least two recommendations').toBeGreaterThanOrEqual(2);
    const [first, second] = recs as [Recommendation, Recommendation];

    await page.goto(wizardUrl());
    expect(await stepTitle()).toBe('Page');
    await expect.poll(() => page.getByText('Step 1 of 5: Page').count()).toBe(1);
    // The page box suggests the paths the API saw in the last 30 days.
    await expect.poll(() => page.locator('#wizard-observed-pages option').count()).toBeGreaterThan(5);
    const suggested = await page.locator('#wizard-observed-pages option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(suggested).toContain(PAGE);
    const pageBox = page.getByLabel('Page path');
    await pageBox.fill('pricing');
    await expect.poll(() => errorOf(pageBox)).toContain('starting with /');
    await pageBox.fill(PAGE);
    await expect.poll(() => errorOf(pageBox)).toBe('');
    await next();

    // Recommendations: each shows the API's evidence, confidence and impact.
    await expect.poll(stepTitle).toBe('Recommendations');
    expect(page.url()).toContain(`page=${encodeURIComponent(PAGE)}`);
    await expect.poll(() => page.locator('[data-recommendation]').count()).toBe(recs.length);
    for (const r of recs) {
      const card = page.locator(`[data-recommendation="${r.id}"]`);
      expect(await card.locator('.wizard-evidence li').allTextContents()).toEqual(r.evidence ?? []);
      expect(await card.locator('[data-field=confidence]').textContent()).toBe(`${r.confidence_score} / 100`);
      expect(await card.locator('[data-field=impact]').textContent()).toBe(r.expected_impact);
    }
    // The demo's running test on the page changes the trial button: an idea for that button says so.
    const running = await runningOn(PAGE);
    expect(running.map((t) => t.name)).toEqual([TRIAL_TEST]);
    expect(running[0].selectors).toContain('#cta-start-trial');
    for (const r of recs) {
      const note = page.locator(`[data-recommendation="${r.id}"] [data-testid=wizard-rec-overlap]`);
      if (r.element_selector === '#cta-start-trial') {
        await expect.poll(() => note.textContent()).toBe(`Heads up: A running test, “${TRIAL_TEST}”, already changes this page (including #cta-start-trial). ${BOTH}`);
      } else {
        expect(await note.count()).toBe(running[0].selectors.includes(r.element_selector) ? 1 : 0);
      }
    }
    expect(recs.map((r) => r.element_selector), 'the demo pricing page has an idea for its trial button').toContain('#cta-start-trial');
    await page.getByLabel(first.title).check();
    await page.getByLabel(second.title).check();
    await checkPageQuality(page, 'wizard-recommendations');
    await next();

    // Changes: the two chosen ones, as the contract maps them, editable.
    await expect.poll(stepTitle).toBe('Changes');
    const expected = [recommendationToChange(first), recommendationToChange(second)];
    for (const [i, c] of expected.entries()) {
      const box = change(1, i + 1);
      expect(await box.getByLabel('Selector').inputValue()).toBe(c.selector);
      expect(await box.getByLabel('Operation').inputValue()).toBe(c.op);
      if (c.op === 'css') {
        const props = await box.locator('[aria-label^="CSS property"]').evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value));
        expect(props).toEqual(Object.keys(c.value));
      } else {
        expect(await box.getByLabel(/New text/).inputValue()).toBe(c.value);
      }
    }
    const cssIndex = expected.findIndex((c) => c.op === 'css');
    expect(cssIndex, 'one of the two should be a css change').toBeGreaterThanOrEqual(0);
    const cssChange = change(1, cssIndex + 1);
    // Edit a property row: an invalid name is flagged while typing, and the flag goes when fixed.
    const prop1 = cssChange.getByLabel('CSS property 1', { exact: true });
    await prop1.fill('background-color');
    await expect.poll(() => errorOf(prop1)).toContain('camel case');
    expect(await prop1.getAttribute('aria-invalid')).toBe('true');
    await prop1.fill('backgroundColor');
    await expect.poll(() => errorOf(prop1)).toBe('');
    await cssChange.getByLabel('CSS value 1', { exact: true }).fill('#047857');
    // An emptied selector is flagged too.
    const selector = cssChange.getByLabel('Selector');
    const originalSelector = await selector.inputValue();
    await selector.fill('');
    await expect.poll(() => errorOf(selector)).toBe('Required');
    // So is one the page script could not use (it would skip it and the test would measure nothing).
    await selector.pressSequentially('###');
    await expect.poll(() => errorOf(selector)).toBe('not a valid CSS selector: expected ID name (at character 2)');
    expect(await selector.getAttribute('aria-invalid')).toBe('true');
    await selector.fill(originalSelector);
    await expect.poll(() => errorOf(selector)).toBe('');

    // A second variant with a text change of its own.
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await variant(2).getByLabel('Variant name').fill('Short headline');
    await change(2, 1).getByLabel('Selector').fill('h1');
    await change(2, 1).getByLabel('New text').fill('Pricing that fits');
    await checkPageQuality(page, 'wizard-changes');
    await next();

    // Goal and auto-stop.
    await expect.poll(stepTitle).toBe('Goal and auto-stop');
    await page.getByLabel('Goal', { exact: true }).selectOption('destination_page');
    const target = page.getByLabel('Page to reach (path)');
    await target.fill('signup');
    await expect.poll(() => errorOf(target)).toContain('starting with /');
    await target.fill('/demo/signup');
    await expect.poll(() => errorOf(target)).toBe('');
    await page.getByLabel('Stop by itself after a number of days').check();
    await page.getByLabel('Days until it stops').fill('21');
    await checkPageQuality(page, 'wizard-goal');
    await next();

    // Review in words, then create.
    await expect.poll(stepTitle).toBe('Review');
    expect(await page.getByLabel('Experiment name').inputValue()).toBe(first.title);
    await page.getByLabel('Experiment name').fill('Wizard: pricing page');
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect.poll(() => summary.textContent()).toContain(`Visitors to ${PAGE} are split evenly between 3 versions: each gets about 33.3%`);
    expect(await summary.locator('[data-version="0"]').textContent()).toBe('Control: the page as it is');
    expect(await summary.locator('[data-version="2"]').textContent()).toBe('Short headline: replace the text of h1 with “Pricing that fits”');
    expect(await summary.textContent()).toContain('Goal: Visitors reaching /demo/signup');
    expect(await summary.textContent()).toContain('Auto-stop: Stops by itself after 21 days.');
    // A warning, not a refusal: the demo's running test already changes the page and its trial button.
    const mine = [...expected.map((c) => c.selector), 'h1'];
    const shared = [...new Set(running[0].selectors)].filter((sel) => mine.includes(sel));
    expect(shared).toContain('#cta-start-trial');
    const overlap = page.getByTestId('wizard-overlap');
    await expect.poll(() => overlap.locator('p').allTextContents()).toEqual([
      `Heads up: A running test, “${TRIAL_TEST}”, already changes this page (including ${shared.join(', ')}). ${BOTH} Open “${TRIAL_TEST}”`,
    ]);
    expect(await overlap.getByRole('link', { name: `Open “${TRIAL_TEST}”` }).getAttribute('href')).toMatch(/^\/experiments\/[^/?]+\?property=acme-shop/);
    await checkPageQuality(page, 'wizard-review');
    await page.getByRole('button', { name: 'Create experiment' }).click();

    await page.waitForURL(/\/experiments\/(?!new)[^/?]+\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('property')).toBe(PROPERTY);
    const id = decodeURIComponent(url.pathname.split('/').pop()!);
    const created = await splitTest(id);
    expect(created).toMatchObject({ name: 'Wizard: pricing page', page: PAGE, type: 'nocode', status: 'active', goal: 'destination_page', goal_target: '/demo/signup', auto_stop_days: 21 });
    const edited = expected.map((c, i) => (i === cssIndex && c.op === 'css' ? { ...c, value: { ...c.value, backgroundColor: '#047857' } } : c));
    expect(created.variants.map((v: { label: string; changes: unknown[] }) => [v.label, v.changes])).toEqual([
      ['Control', []],
      ['Variant 1', edited],
      ['Short headline', [{ selector: 'h1', op: 'text', value: 'Pricing that fits' }]],
    ]);
    // Created: the draft is gone, and the wizard opens empty again.
    expect(await storedDraft()).toBeNull();
    await page.goto(wizardUrl());
    expect(await stepTitle()).toBe('Page');
    expect(await page.getByLabel('Page path').inputValue()).toBe('');
    expect(dash.problems).toEqual([]);
  });

  it('creates a redirect test from a prefilled page, refusing a redirect to the page itself', async () => {
    await page.goto(wizardUrl('&page=/demo/signup-short'));
    expect(await page.getByLabel('Page path').inputValue()).toBe('/demo/signup-short');
    await checkPageQuality(page, 'wizard-page');
    const listed = page.waitForResponse((r) => /\/split-tests\?/.test(r.url()) && r.url().includes('status=active'));
    await next();
    await expect.poll(stepTitle).toBe('Recommendations');
    // The short signup page has no snapshot and no clicks in the demo data: nothing to recommend.
    const recs = await dash.api(`/properties/${PROPERTY}/split-test-recommendations?page=/demo/signup-short`);
    expect(recs.recommendations).toEqual([]);
    await expect.poll(() => page.getByText('No recommendations for this page').count()).toBe(1);
    await checkPageQuality(page, 'wizard-recommendations-empty');
    await next();

    await page.getByLabel('Send visitors to another URL (redirect)').check();
    const to = variant(1).getByLabel('Redirect to (path)');
    await to.fill('/demo/signup-short');
    await expect.poll(() => errorOf(to)).toBe('must differ from the experiment page');
    await to.fill('/demo/signup');
    await expect.poll(() => errorOf(to)).toBe('');
    await variant(1).getByLabel('Variant name').fill('Full form');
    await next();
    await page.getByLabel('Goal', { exact: true }).selectOption('form_submission');
    // No running test on this page (the running tests were read on the Recommendations step): no warning.
    expect(await runningOn('/demo/signup-short')).toEqual([]);
    await listed;
    await next();
    await page.getByLabel('Experiment name').fill('Wizard: back to the full signup');
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect.poll(() => summary.locator('[data-version="1"]').textContent()).toBe('Full form: sent to /demo/signup');
    expect(await page.getByTestId('wizard-overlap').count()).toBe(0);
    expect(await summary.textContent()).toContain('Auto-stop: Runs until you stop it.');
    await page.getByRole('button', { name: 'Create experiment' }).click();

    await page.waitForURL(/\/experiments\/(?!new)[^/?]+\?/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const created = await splitTest(id);
    expect(created).toMatchObject({ name: 'Wizard: back to the full signup', page: '/demo/signup-short', type: 'redirect', goal: 'form_submission', auto_stop_days: null });
    expect(created.variants.map((v: { label: string; url?: string }) => [v.label, v.url])).toEqual([['Control', undefined], ['Full form', '/demo/signup']]);
    expect(dash.problems).toEqual([]);
  });

  it('keeps the step and the draft through a reload and back/forward, until Start over', async () => {
    const recs = (await dash.api(`/properties/${PROPERTY}/split-test-recommendations?page=${encodeURIComponent(PAGE)}`)).recommendations as Recommendation[];
    const cssRec = recs.find((r) => r.change_type === 'css');
    expect(cssRec, 'the demo pricing page should have a css recommendation').toBeDefined();
    const cssProps = Object.keys(recommendationToChange(cssRec!).value as Record<string, unknown>);

    // The previous test created its experiment: nothing is kept, the wizard starts empty.
    await page.goto(wizardUrl());
    expect(await page.getByLabel('Page path').inputValue()).toBe('');
    await page.getByLabel('Page path').fill(PAGE);
    await next();
    await page.getByLabel(cssRec!.title).check();
    await next();
    // A change edited, and a second variant.
    await change(1, 1).getByLabel('CSS value 1', { exact: true }).fill('#047857');
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await variant(2).getByLabel('Variant name').fill('Short headline');
    await change(2, 1).getByLabel('Selector').fill('h1');
    await change(2, 1).getByLabel('New text').fill('Pricing that fits');
    await next();
    expect(stepParam()).toBe('goal');
    await page.getByLabel('Goal', { exact: true }).selectOption('destination_page');
    await page.getByLabel('Page to reach (path)').fill('/demo/signup');
    await page.getByLabel('Stop by itself after a number of days').check();
    await page.getByLabel('Days until it stops').fill('21');
    // Written as typed (debounced): wait for the last keystroke to reach the tab's storage.
    await expect.poll(async () => JSON.parse((await storedDraft()) ?? '{}').values?.auto_stop_days).toBe('21');

    await page.reload();
    await expect.poll(stepTitle).toBe('Goal and auto-stop');
    expect(await page.getByLabel('Goal', { exact: true }).inputValue()).toBe('destination_page');
    expect(await page.getByLabel('Page to reach (path)').inputValue()).toBe('/demo/signup');
    expect(await page.getByLabel('Stop by itself after a number of days').isChecked()).toBe(true);
    expect(await page.getByLabel('Days until it stops').inputValue()).toBe('21');
    await checkPageQuality(page, 'wizard-restored-goal');

    // The browser's back walks the steps; the edited change and the second variant are still there.
    await page.goBack();
    await expect.poll(stepTitle).toBe('Changes');
    expect(await change(1, 1).getByLabel('Selector').inputValue()).toBe(cssRec!.element_selector);
    expect(await change(1, 1).locator('[aria-label^="CSS property"]').evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value))).toEqual(cssProps);
    expect(await change(1, 1).getByLabel('CSS value 1', { exact: true }).inputValue()).toBe('#047857');
    expect(await variant(2).getByLabel('Variant name').inputValue()).toBe('Short headline');
    expect(await change(2, 1).getByLabel('Selector').inputValue()).toBe('h1');
    expect(await change(2, 1).getByLabel('New text').inputValue()).toBe('Pricing that fits');
    await page.goBack();
    await expect.poll(stepTitle).toBe('Recommendations');
    await expect.poll(() => page.getByLabel(cssRec!.title).isChecked()).toBe(true);
    await page.goForward();
    await page.goForward();
    await expect.poll(stepTitle).toBe('Goal and auto-stop');

    // Start over asks first; "Keep editing" keeps everything.
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByLabel('Page to reach (path)').inputValue()).toBe('/demo/signup');
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(stepTitle).toBe('Page');
    expect(await page.getByLabel('Page path').inputValue()).toBe('');
    await expect.poll(storedDraft).toBeNull();
    await expect.poll(stepParam).toBe('page');
    await page.reload();
    await expect.poll(stepTitle).toBe('Page');
    expect(await page.getByLabel('Page path').inputValue()).toBe('');

    // A URL cannot skip a check: with only a page, the goal step holds at the changes step.
    await page.goto(wizardUrl(`&page=${PAGE}&step=goal`));
    await expect.poll(stepTitle).toBe('Changes');
    await expect.poll(stepParam).toBe('changes');
    await page.goto(wizardUrl('&step=nonsense'));
    await expect.poll(stepTitle).toBe('Page');
    expect(dash.problems).toEqual([]);
  });

  it('shows the server’s refusal beside the field it names, on that field’s step', async () => {
    // Every rule of the create body is also checked in the browser, so the server cannot be made to
    // refuse a valid-looking form; the spec's 400 envelope naming a field stands in for one.
    const message = 'no element on the page matches this selector';
    await page.route('**/api/external/v1/properties/*/split-tests', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'invalid_request', message: `variants.0.changes.0.selector: ${message}`, details: { field: 'variants.0.changes.0.selector' } } }) })
        : route.continue(),
    );
    await page.goto(wizardUrl(`&page=${PAGE}`));
    await next();
    await expect.poll(() => page.locator('[data-recommendation]').count()).toBeGreaterThan(0);
    await next();
    await change(1, 1).getByLabel('Selector').fill('#no-such-button');
    await change(1, 1).getByLabel('New text').fill('Buy now');
    await next();
    await next();
    await page.getByLabel('Experiment name').fill('Refused');
    await page.getByRole('button', { name: 'Create experiment' }).click();

    await expect.poll(stepTitle).toBe('Changes');
    const selector = change(1, 1).getByLabel('Selector');
    await expect.poll(() => errorOf(selector)).toBe(message);
    expect(await selector.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('variants.0.changes.0.selector');
    await page.unroute('**/api/external/v1/properties/*/split-tests');
    dash.problems.length = 0; // the browser logs the deliberate 400
    // Typing again clears the server's word: the field is checked afresh.
    await selector.fill('#cta-start-trial');
    await expect.poll(() => errorOf(selector)).toBe('');
    expect(dash.problems).toEqual([]);
  });
});
