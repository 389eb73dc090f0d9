import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Goal } from '../src/contract/goals.js';
import { goalDefinitionWords } from '../src/app/features/goals/utils/goal-words.js';
import { checkPageQuality, screenshotOnFailure, type Dashboard } from './support/dashboard-harness.js';
import { PAGE, PROPERTY, startWizardDashboard, wizardDriver } from './support/wizard-driver.js';

// A split test that counts one of the shop's goals (the demo's four: Signup, Viewed pricing, Start
// trial button, Signup form sent): picked in the wizard's goal step, named in the review and on the
// test, and held while the test runs (the Goals page cannot delete it).
describe("dashboard: a split test counting one of the property's goals", () => {
  let dash: Dashboard;
  let page: Page;
  let w: ReturnType<typeof wizardDriver>;
  let goals: Goal[];
  let testName: string;

  beforeAll(async () => {
    dash = await startWizardDashboard();
    page = dash.page;
    w = wizardDriver(dash);
    goals = (await dash.api(`/properties/${PROPERTY}/goals`)).data;
  }, 180_000);
  afterEach(screenshotOnFailure(() => page, 'wizard-goal'));
  afterAll(() => dash?.close());

  it("picks the goal from the property's goals, says it in the review and on the created test", async () => {
    const signup = goals.find((g) => g.name === 'Signup')!;
    expect(signup, 'the demo shop has a Signup goal').toBeDefined();
    await page.goto(w.wizardUrl());
    await page.getByLabel('Page path').fill(PAGE);
    await w.next();
    await w.next(); // no recommendation chosen: one blank change to fill
    await w.change(1, 1).getByLabel('Selector').fill('h1');
    await w.change(1, 1).getByLabel('New text').fill('Start free today');
    await w.next();

    await expect.poll(w.stepTitle).toBe('Goal and plan');
    // A path typed for another goal is not carried over as a goal's id.
    await page.getByLabel('Goal', { exact: true }).selectOption('destination_page');
    await page.getByLabel('Page to reach (path)').fill('/demo/signup');
    await page.getByLabel('Goal', { exact: true }).selectOption({ label: 'One of your goals' });
    expect(await page.getByLabel('Page to reach (path)').count()).toBe(0);
    const picker = page.getByLabel('Your goal');
    // The property's goals, oldest first as the Goals page lists them, each with what it counts.
    await expect
      .poll(() => picker.locator('option').allTextContents())
      .toEqual(['Choose a goal…', ...goals.map((g) => `${g.name} · ${goalDefinitionWords(g)}`)]);
    expect(await picker.inputValue()).toBe('');
    // Next without a goal stays, and says why beside the picker.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => w.errorOf(picker)).toBe("choose one of the property's goals: its id (gol_…)");
    expect(await w.stepTitle()).toBe('Goal and plan');
    await picker.selectOption({ label: `Signup · ${goalDefinitionWords(signup)}` });
    await expect.poll(() => w.errorOf(picker)).toBe('');
    await checkPageQuality(page, 'wizard-goal-picker');
    await w.next();

    await expect.poll(w.stepTitle).toBe('Review');
    testName = 'Wizard: signups from the pricing page';
    await page.getByLabel('Experiment name').fill(testName);
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect.poll(() => summary.textContent()).toContain('Goal: Signup (custom event)');
    await page.getByRole('button', { name: 'Create experiment' }).click();

    await page.waitForURL(/\/experiments\/(?!new)[^/?]+\?/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(await w.splitTest(id)).toMatchObject({
      name: testName,
      page: PAGE,
      status: 'active',
      goal: 'goal',
      goal_target: signup.id,
      goal_definition: { name: 'Signup', kind: 'event', event: 'Signup' },
    });
    // The test's page says the goal in words.
    const goalLine = page.locator('.experiment-summary div', { has: page.locator('dt', { hasText: /^Goal$/ }) });
    await expect.poll(() => goalLine.locator('dd').textContent()).toBe('Signup (custom event)');
    await checkPageQuality(page, 'experiment-goal-detail');
    expect(dash.problems).toEqual([]);
  });

  it('measures more metrics beside the goal: a guardrail, a page and a goal; at most five; in the review and on the test', async () => {
    const viewed = goals.find((g) => g.name === 'Viewed pricing')!;
    expect(viewed, 'the demo shop has a Viewed pricing goal').toBeDefined();
    await page.goto(w.wizardUrl());
    await page.getByLabel('Page path').fill(PAGE);
    await w.next();
    await w.next();
    await w.change(1, 1).getByLabel('Selector').fill('h1');
    await w.change(1, 1).getByLabel('New text').fill('Pricing that fits');
    await w.next();
    await expect.poll(w.stepTitle).toBe('Goal and plan');

    const metric = (n: number) => page.getByRole('group', { name: `Metric ${n}`, exact: true });
    const measure = (n: number) => metric(n).getByLabel('What to measure');
    const add = page.getByRole('button', { name: 'Add a metric' });
    // A new row starts on what the test does not measure yet: revenue, beside the click-through goal.
    await add.click();
    expect(await measure(1).inputValue()).toBe('revenue');
    await metric(1).getByLabel('Guardrail: never call a variant that makes this worse').check();
    // A revenue metric is what makes the test's currency worth choosing.
    expect(await page.getByLabel('Currency to compare').count()).toBe(1);
    // Measuring the goal again is refused beside that row's box, and Next stays.
    await add.click();
    await measure(2).selectOption({ label: 'Click-through rate on the page' });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => w.errorOf(measure(2)))
      .toBe('already measured: the test’s goal or another of its metrics counts the same');
    expect(await w.stepTitle()).toBe('Goal and plan');
    // A page to reach needs its path, asked in the row itself.
    await measure(2).selectOption({ label: 'Visitors reaching a page' });
    await expect.poll(() => w.errorOf(measure(2))).toBe('');
    await page.getByRole('button', { name: 'Next' }).click();
    const reach = metric(2).getByLabel('Page to reach (path)');
    await expect.poll(() => w.errorOf(reach)).toBe('required for the destination_page goal');
    await reach.fill('/demo/signup');
    // One of the property's goals, from the same picker as the test's own goal.
    await add.click();
    await measure(3).selectOption({ label: 'One of your goals' });
    await metric(3)
      .getByLabel('Your goal')
      .selectOption({ label: `Viewed pricing · ${goalDefinitionWords(viewed)}` });
    // Five at most: the button goes off and says why.
    await add.click();
    await add.click();
    expect(await add.isDisabled()).toBe(true);
    expect(await page.getByText('A test reports at most 5 more metrics: remove one to add another.').isVisible()).toBe(
      true,
    );
    await checkPageQuality(page, 'wizard-metrics');
    await page.getByRole('button', { name: 'Remove Metric 5' }).click();
    await page.getByRole('button', { name: 'Remove Metric 4' }).click();
    expect(await add.isDisabled()).toBe(false);
    await w.next();

    await expect.poll(w.stepTitle).toBe('Review');
    const name = 'Wizard: pricing with guardrails';
    await page.getByLabel('Experiment name').fill(name);
    await expect
      .poll(() => page.getByTestId('review-metrics').textContent())
      .toBe(
        'Also measures: revenue per visitor (guardrail), visitors who reached /demo/signup, visitors who reached the goal “Viewed pricing”',
      );
    await checkPageQuality(page, 'wizard-metrics-review');
    await page.getByRole('button', { name: 'Create experiment' }).click();

    await page.waitForURL(/\/experiments\/(?!new)[^/?]+\?/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const created = await w.splitTest(id);
    expect(created.metrics).toEqual([
      { goal: 'revenue', goal_target: null, role: 'guardrail' },
      { goal: 'destination_page', goal_target: '/demo/signup', role: 'secondary' },
      {
        goal: 'goal',
        goal_target: viewed.id,
        role: 'secondary',
        goal_definition: expect.objectContaining({ name: 'Viewed pricing' }),
      },
    ]);
    // The test's page has a table for each, the guardrail marked as one.
    const section = page.getByTestId('more-metrics');
    await expect
      .poll(() => section.getByRole('heading', { level: 3 }).allTextContents())
      .toEqual([
        'Revenue per visitor Guardrail',
        'Visitors who reached /demo/signup',
        'Visitors who reached the goal “Viewed pricing”',
      ]);
    expect(dash.problems).toEqual([]);
  });

  it('keeps the goal while the test runs: the Goals page says which test to stop first', async () => {
    await page.goto(`${dash.origin}/goals?property=${PROPERTY}`);
    await page.getByRole('button', { name: 'Delete Signup', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the goal “Signup”?' });
    await dialog.getByRole('button', { name: 'Delete goal' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toMatch(
        new RegExp(
          `^The running split test "${testName}" \\(exp_[A-Za-z0-9]+\\) counts goal "Signup": stop it first\\.$`,
        ),
      );
    dash.problems.length = 0; // the 409 is logged by the browser as a failed request
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await dash.api(`/properties/${PROPERTY}/goals`)).data.map((g: Goal) => g.name)).toContain('Signup');
  });

  it("puts the server's refusal of a metric's goal (deleted meanwhile) beside that metric's picker", async () => {
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${dash.origin}/api/external/v1/properties/${PROPERTY}${path}`, {
        method,
        // No content type without a body: the server refuses an empty JSON body.
        headers: {
          authorization: `Bearer ${dash.key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const made = await send('POST', '/goals', { name: 'Short-lived', kind: 'event', event: 'short_lived' });
    expect(made.status).toBe(201);
    const gone = (await made.json()) as Goal;
    await page.goto(w.wizardUrl());
    await page.getByLabel('Page path').fill(PAGE);
    await w.next();
    await w.next();
    await w.change(1, 1).getByLabel('Selector').fill('h1');
    await w.change(1, 1).getByLabel('New text').fill('Short-lived');
    await w.next();
    await page.getByRole('button', { name: 'Add a metric' }).click();
    const metric = page.getByRole('group', { name: 'Metric 1', exact: true });
    await metric.getByLabel('What to measure').selectOption({ label: 'One of your goals' });
    const picker = metric.getByLabel('Your goal');
    await picker.selectOption({ label: `Short-lived · ${goalDefinitionWords(gone)}` });
    await w.next();
    await page.getByLabel('Experiment name').fill('Refused metric');
    // Another tab deletes the goal before Create: only the server can tell.
    expect((await send('DELETE', `/goals/${gone.id}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Create experiment' }).click();

    await expect.poll(w.stepTitle).toBe('Goal and plan');
    await expect.poll(() => w.errorOf(picker)).toBe(`no goal "${gone.id}" in this property`);
    expect(await picker.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('metrics.0.goal_target');
    dash.problems.length = 0; // the browser logs the 400
  });
});
