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
});
