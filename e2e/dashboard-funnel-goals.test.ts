import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pathsToGraph } from '../src/app/components/sankey-layout.js';
import { addDays, todayIn } from '../src/app/lib/date-range.js';
import { checkPageQuality, screenshotOnFailure, startDashboard, type Dashboard } from './support/dashboard-harness.js';

const PROPERTY = 'acme-shop';
const TZ = 'America/New_York';
const SLOW = { timeout: 20_000 };
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
type Mode = 'unbounded' | 'sequential';
type Step = { page: string } | { goal: string };
interface Funnel {
  data: {
    steps: (({ page: string } | { goal: string; name: string }) & { sessions: number; conversion_rate: number })[];
    overall_conversion_rate: number;
  };
}

// A marketer on the demo shop (whose signups send the custom event "Signup") defines the goal Signup,
// then asks how many of the sessions that viewed /pricing went on to sign up: a funnel whose second
// step is that goal. Every figure on screen is the API's answer to the same question.
describe('dashboard: a goal as a funnel step', () => {
  let dash: Dashboard;
  let page: Page;
  let signupId: string;
  let range: { start: string; end: string };

  const dated = () => `start=${range.start}&end=${range.end}&timezone=${encodeURIComponent(TZ)}`;
  const funnel = (steps: Step[], mode: Mode): Promise<Funnel> =>
    dash.api(
      `/properties/${PROPERTY}/funnels?${dated()}&steps=${encodeURIComponent(JSON.stringify(steps))}&mode=${mode}`,
    );
  const shownSessions = () => page.locator('[data-testid=funnel-bars] .funnel-sessions').allTextContents();
  const expectFigures = async (expected: Funnel) => {
    await expect.poll(shownSessions, SLOW).toEqual(expected.data.steps.map((s) => en.format(s.sessions)));
    expect(await page.getByTestId('funnel-overall').textContent()).toBe(
      pct.format(expected.data.overall_conversion_rate),
    );
    const conversions = await page.locator('[data-testid=funnel-bars] .funnel-conversion').allTextContents();
    expect(conversions).toEqual(expected.data.steps.slice(1).map((s) => pct.format(s.conversion_rate)));
  };
  const barNames = () => page.locator('[data-testid=funnel-bars] .funnel-bar-name').allTextContents();
  const stepField = (n: number) => page.getByLabel(`Step ${n}`, { exact: true });

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    // From a shop without goals or saved funnels: the goal is made here, and the page opens empty.
    for (const g of await dash.store.listGoals(PROPERTY)) await dash.store.deleteGoal(PROPERTY, g.id);
    for (const f of await dash.store.listSavedFunnels(PROPERTY)) await dash.store.deleteSavedFunnel(PROPERTY, f.id);
    const today = todayIn(TZ);
    range = { start: addDays(today, -29), end: today };
  }, 300_000);
  afterEach(screenshotOnFailure(() => page, 'funnel-goals'));
  afterAll(async () => dash?.close());

  it('creates the event goal Signup on the Goals page', async () => {
    await page.goto(`${dash.origin}/goals?property=${PROPERTY}`);
    const form = page.getByRole('form', { name: 'Add a goal' });
    await form.getByLabel('Name', { exact: true }).fill('Signup');
    await form.getByLabel('Custom event', { exact: true }).check();
    await form.getByLabel('Event name', { exact: true }).fill('Signup');
    await form.getByRole('button', { name: 'Add goal' }).click();
    await expect.poll(() => form.getByRole('status').textContent(), SLOW).toBe('Added “Signup”.');
    const goals = (await dash.api(`/properties/${PROPERTY}/goals`)) as { data: { id: string; name: string }[] };
    signupId = goals.data.find((g) => g.name === 'Signup')!.id;
    expect(signupId).toMatch(/^gol_/);
  });

  it('builds /pricing → goal Signup and shows the API figures, the bar named after the goal', async () => {
    await page.goto(`${dash.origin}/funnels?property=${PROPERTY}`);
    await expect.poll(() => page.getByText('No funnel yet.').count(), SLOW).toBe(1);
    await stepField(1).fill('/pricing');
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Step 2 is a').selectOption('goal');
    // The property's goals to pick from, each with what it counts, as the Goals page lists them.
    await expect
      .poll(() => stepField(2).locator('option').allTextContents())
      .toEqual(['Choose a goal…', 'Signup · Event Signup']);
    await stepField(2).selectOption({ label: 'Signup · Event Signup' });

    const steps = [{ page: '/pricing' }, { goal: signupId }];
    const any = await funnel(steps, 'unbounded');
    expect(any.data.steps[1]).toMatchObject({ goal: signupId, name: 'Signup' });
    expect(any.data.steps[1].sessions, 'the demo has sessions viewing /pricing and signing up').toBeGreaterThan(0);
    await expectFigures(any);
    expect(await barNames()).toEqual(['Step 1 /pricing', 'Step 2 Signup (goal)']);
    // The URL keeps the goal step by id, so a link reproduces the funnel.
    await expect
      .poll(() => JSON.parse(new URL(page.url()).searchParams.get('steps') ?? '[]'))
      .toEqual(['/pricing', { goal: signupId }]);

    await page.getByRole('radio', { name: /In order/ }).check();
    // The figures may be the same in order (signups follow the pricing page): wait for the answer itself.
    await expect.poll(() => page.locator('.funnel-overall').textContent(), SLOW).toMatch(/, in order\.$/);
    await expectFigures(await funnel(steps, 'sequential'));
  });

  it("draws the paths from /pricing with the goal's events as nodes, as the API gives them", async () => {
    const steps = [{ page: '/pricing' }, { goal: signupId }];
    const sankey = (await dash.api(
      `/properties/${PROPERTY}/funnels/sankey?${dated()}&steps=${encodeURIComponent(JSON.stringify(steps))}&mode=sequential`,
    )) as {
      data: { paths: { nodes: string[]; sessions: number }[] };
    };
    expect(
      sankey.data.paths.some((p) => p.nodes.at(-1) === 'Goal: Signup'),
      'some paths end at the conversion',
    ).toBe(true);
    const svg = page.getByTestId('sankey');
    await expect
      .poll(() => svg.locator('g.sankey-node').count(), SLOW)
      .toBe(pathsToGraph(sankey.data.paths).nodes.length);
    expect(await svg.locator('g.sankey-node.goal').first().getAttribute('data-node')).toBe('Goal: Signup');
    const firstRow = await page.getByTestId('funnel-paths').locator('tbody tr').first().locator('td').allTextContents();
    expect(firstRow).toEqual([
      sankey.data.paths[0].nodes.join(' → '),
      expect.any(String),
      en.format(sankey.data.paths[0].sessions),
    ]);
    await checkPageQuality(page, 'funnels-goal-step');
  });

  it('saves the funnel with its goal step and reopens it after a reload', async () => {
    await page.getByLabel('Name', { exact: true }).fill('Pricing to signup');
    await page.getByRole('button', { name: 'Save funnel' }).click();
    const item = page.locator('[data-saved-funnel="Pricing to signup"]');
    await expect.poll(() => item.count(), SLOW).toBe(1);
    expect(await item.locator('.saved-funnel-steps').textContent()).toBe('2 steps: /pricing → goal Signup');
    const saved = (await dash.api(`/properties/${PROPERTY}/saved-funnels`)) as {
      data: { name: string; steps: Step[]; mode: Mode }[];
    };
    expect(saved.data.find((f) => f.name === 'Pricing to signup')).toMatchObject({
      steps: [{ page: '/pricing' }, { goal: signupId }],
      mode: 'sequential',
    });

    // A fresh Funnels page opens the funnel last saved here, goal step and all.
    await page.goto(`${dash.origin}/funnels?property=${PROPERTY}`);
    await expect.poll(() => stepField(2).inputValue(), SLOW).toBe(signupId);
    expect(await page.getByLabel('Step 2 is a').inputValue()).toBe('goal');
    expect(await stepField(1).inputValue()).toBe('/pricing');
    await expectFigures(await funnel([{ page: '/pricing' }, { goal: signupId }], 'sequential'));
  });

  it('marks the step of a goal deleted since, and asks for no figures until it is replaced', async () => {
    expect(await dash.store.deleteGoal(PROPERTY, signupId)).toBe(true);
    await page.reload();
    const error = page.locator('[data-step-row="2"] .funnel-step-error');
    await expect.poll(() => error.textContent(), SLOW).toBe('This goal no longer exists: pick another one.');
    expect(await stepField(2).locator('option:checked').textContent()).toBe('(a deleted goal)');
    // Back to a page: the funnel is whole again.
    await page.getByLabel('Step 2 is a').selectOption('page');
    await stepField(2).fill('/signup');
    await expectFigures(await funnel([{ page: '/pricing' }, { page: '/signup' }], 'sequential'));
  });

  it('logged no console errors', () => {
    expect(dash.problems).toEqual([]);
  });
});
