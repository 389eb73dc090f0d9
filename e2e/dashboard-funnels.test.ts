import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathsToGraph } from '../src/app/components/sankey-layout.js';
import { addDays, todayIn } from '../src/app/lib/date-range.js';
import { SCREENSHOT_DIR, checkPageQuality, startDashboard, type Dashboard } from './support/dashboard-harness.js';

const PROPERTY = 'acme-shop';
const TZ = 'America/New_York';
const en = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const SLOW = { timeout: 20_000 };
type Mode = 'unbounded' | 'sequential';
interface Funnel { data: { steps: { page: string; sessions: number; conversion_rate: number }[]; overall_conversion_rate: number; breakdown?: { value: string; steps: { sessions: number }[] }[] } }

// The Funnels page against the real server over the demo data, used as a marketer would: build a
// funnel, reorder it from the keyboard, switch mode, read the sankey, start from a suggestion, save,
// reopen, rename and delete it. Every figure is compared with the API's answer to the same question.
describe('dashboard: Funnels', () => {
  let dash: Dashboard;
  let page: Page;
  let range: { start: string; end: string };
  let funnelPages: string[];
  let observedCount: number;

  const dated = () => `start=${range.start}&end=${range.end}&timezone=${encodeURIComponent(TZ)}`;
  const stepsParam = (steps: string[]) => encodeURIComponent(JSON.stringify(steps.map((p) => ({ page: p }))));
  const funnel = (steps: string[], mode: Mode, extra = ''): Promise<Funnel> =>
    dash.api(`/properties/${PROPERTY}/funnels?${dated()}&steps=${stepsParam(steps)}&mode=${mode}${extra}`);
  const stepInput = (n: number) => page.getByLabel(`Step ${n}`, { exact: true });
  const shownSessions = () => page.locator('[data-testid=funnel-bars] .funnel-sessions').allTextContents();
  const expectFigures = async (expected: Funnel) => {
    await expect.poll(shownSessions).toEqual(expected.data.steps.map((s) => en.format(s.sessions)));
    expect(await page.getByTestId('funnel-overall').textContent()).toBe(pct.format(expected.data.overall_conversion_rate));
    const conversions = await page.locator('[data-testid=funnel-bars] .funnel-conversion').allTextContents();
    expect(conversions).toEqual(expected.data.steps.slice(1).map((s) => pct.format(s.conversion_rate)));
  };
  const inputValues = async (count: number) => Promise.all(Array.from({ length: count }, (_, i) => stepInput(i + 1).inputValue()));
  const savedNames = async () => ((await dash.api(`/properties/${PROPERTY}/saved-funnels`)) as { data: { name: string }[] }).data.map((f) => f.name);

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
    // This story starts from a property without saved funnels (an empty builder, an empty list); the
    // demo's own saved funnels, and the page opening on one, are dashboard-saved-funnels.test.ts's.
    for (const f of await dash.store.listSavedFunnels(PROPERTY)) await dash.store.deleteSavedFunnel(PROPERTY, f.id);
    const today = todayIn(TZ);
    range = { start: addDays(today, -29), end: today };
    const pages = (await dash.api(`/properties/${PROPERTY}/pages/breakdown?${dated()}&limit=50`)) as { data: { path: string }[] };
    observedCount = pages.data.length;
    // Three of the most viewed pages, in an order where "in order" counts fewer sessions than "any order".
    const top = pages.data.slice(0, 5).map((p) => p.path);
    for (const [a, b, c] of [[0, 1, 2], [0, 2, 1], [1, 0, 2], [0, 1, 3], [0, 3, 1], [1, 2, 3]]) {
      const steps = [top[a], top[b], top[c]];
      const [any, ordered] = await Promise.all([funnel(steps, 'unbounded'), funnel(steps, 'sequential')]);
      if (ordered.data.steps[2].sessions > 0 && ordered.data.steps[2].sessions !== any.data.steps[2].sessions) {
        funnelPages = steps;
        break;
      }
    }
    expect(funnelPages, 'a demo funnel whose modes differ').toBeDefined();
  }, 180_000);
  afterAll(async () => {
    await dash?.close();
  });

  it('builds a funnel from observed paths and shows the API figures per step', async () => {
    await page.goto(`${dash.origin}/funnels?property=${PROPERTY}`);
    await expect.poll(() => page.getByText('No funnel yet.').count()).toBe(1);
    // Nothing typed yet is not an error: no red text by the save form, only a hint (issue 13 §9).
    expect(await page.locator('#funnel-save-error').textContent()).toBe('');
    expect(await page.locator('.funnel-save-hint').textContent()).toBe('Saving opens once every step above has a page.');
    await expect.poll(() => page.locator('#funnel-observed-paths option').count()).toBe(observedCount);
    await stepInput(1).fill(funnelPages[0]);
    await page.getByRole('button', { name: 'Add step' }).click();
    // The new step has focus, ready to type in.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('list'))).toBe('funnel-observed-paths');
    await page.keyboard.type(funnelPages[1]);
    await page.getByRole('button', { name: 'Add step' }).click();
    await stepInput(3).fill(funnelPages[2]);
    await expectFigures(await funnel(funnelPages, 'unbounded'));
    await page.waitForURL((url) => JSON.parse(url.searchParams.get('steps') ?? '[]').length === 3);
    expect(JSON.parse(new URL(page.url()).searchParams.get('steps')!)).toEqual(funnelPages);
  });

  it('checks each step with the API schema as it is typed', async () => {
    await stepInput(2).fill('pricing');
    await expect.poll(() => stepInput(2).getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await stepInput(2).getAttribute('aria-describedby'))!;
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('Use a path starting with /, without query string or fragment.');
    // The last good figures stay, marked as such, until the step is fixed.
    expect(await page.locator('.funnel-note').count()).toBe(1);
    await stepInput(2).fill(funnelPages[1]);
    await expect.poll(() => stepInput(2).getAttribute('aria-invalid')).toBe(null);
    expect(await page.locator('.funnel-note').count()).toBe(0);
  });

  it('reorders, adds and removes steps from the keyboard', async () => {
    await page.getByRole('button', { name: 'Move step 3 up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => inputValues(3)).toEqual([funnelPages[0], funnelPages[2], funnelPages[1]]);
    // Focus follows the moved step, so pressing again keeps moving it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move step 2 up');
    await expectFigures(await funnel([funnelPages[0], funnelPages[2], funnelPages[1]], 'unbounded'));
    await page.getByRole('button', { name: 'Move step 2 down' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => inputValues(3)).toEqual(funnelPages);

    await page.getByRole('button', { name: 'Add step' }).click();
    expect(await stepInput(4).count()).toBe(1);
    await page.getByRole('button', { name: 'Remove step 4' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => stepInput(4).count()).toBe(0);
    await expectFigures(await funnel(funnelPages, 'unbounded'));
  });

  it('switches to "in order" and shows the sequential figures', async () => {
    const any = await funnel(funnelPages, 'unbounded');
    const ordered = await funnel(funnelPages, 'sequential');
    expect(ordered.data.steps[2].sessions).toBeLessThan(any.data.steps[2].sessions);
    await page.getByRole('radio', { name: /In order/ }).check();
    await page.waitForURL(/mode=sequential/);
    await expectFigures(ordered);
  });

  it('breaks the funnel down by device', async () => {
    await page.getByLabel('Break down by').selectOption('device');
    await page.waitForURL(/breakdownBy=device/);
    const expected = await funnel(funnelPages, 'sequential', '&breakdownBy=device');
    const rows = page.getByTestId('funnel-breakdown').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(expected.data.breakdown!.length);
    const first = expected.data.breakdown![0];
    const cells = await rows.first().locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([first.value, ...first.steps.map((s) => en.format(s.sessions))]);
  });

  it('draws the sankey of paths from step 1 with drop-off nodes', async () => {
    const sankey = (await dash.api(`/properties/${PROPERTY}/funnels/sankey?${dated()}&steps=${stepsParam(funnelPages)}&mode=sequential`)) as {
      data: { paths: { nodes: string[]; sessions: number }[] };
    };
    const svg = page.getByTestId('sankey');
    await expect.poll(() => svg.locator('g.sankey-node').count()).toBe(pathsToGraph(sankey.data.paths).nodes.length);
    expect(await svg.locator('g.sankey-node.loss').count()).toBeGreaterThan(0);
    expect(await svg.locator('g.sankey-node.loss').first().getAttribute('data-node')).toBe('(drop-off)');
    expect(await svg.locator('title').first().textContent()).toBe(`Paths from ${funnelPages[0]}`);
    const firstRow = await page.getByTestId('funnel-paths').locator('tbody tr').first().locator('td').allTextContents();
    expect(firstRow).toEqual([sankey.data.paths[0].nodes.join(' → '), expect.any(String), en.format(sankey.data.paths[0].sessions)]);
  });

  it('keeps the sankey labels apart, inside the drawing and off the bands, and colours completed paths (issue 13 §10)', async () => {
    const sankey = (await dash.api(`/properties/${PROPERTY}/funnels/sankey?${dated()}&steps=${stepsParam(funnelPages)}&mode=sequential`)) as {
      data: { paths: { nodes: string[]; sessions: number }[] };
    };
    const completes = (nodes: string[]) => !['(drop-off)', '(continues)'].includes(nodes[nodes.length - 1]);
    const completedLinks = pathsToGraph(sankey.data.paths, completes).links.filter((l) => l.completed).length;
    expect(completedLinks, 'some demo paths complete the funnel').toBeGreaterThan(0);
    const svg = page.getByTestId('sankey');
    await expect.poll(() => svg.locator('path.sankey-link.completed').count(), SLOW).toBe(completedLinks);
    // Their colour is the legend's "completed" swatch, not the other bands'.
    const colours = await page.evaluate(() => ({
      completed: getComputedStyle(document.querySelector('path.sankey-link.completed')!).stroke,
      other: getComputedStyle(document.querySelector('path.sankey-link:not(.completed)')!).stroke,
      swatch: getComputedStyle(document.querySelector('.sankey-swatch.completed')!).backgroundColor,
    }));
    expect(colours.completed).not.toBe(colours.other);
    expect(colours.completed).toBe(colours.swatch);
    expect(await page.locator('.sankey-legend').textContent()).toContain('On paths that completed the funnel');

    // No label over another, outside the drawing, or (in the first and last columns) over their bands.
    const layoutProblems = () =>
      svg.evaluate((el) => {
        const s = el as SVGSVGElement;
        const [width, height] = [s.width.baseVal.value, s.height.baseVal.value];
        const labels = [...s.querySelectorAll<SVGTextElement>('text.sankey-label')].map((t) => {
          const b = t.getBBox();
          const rect = t.parentElement!.querySelector('rect')!;
          return { name: t.textContent ?? '', x: b.x, y: b.y, r: b.x + b.width, bottom: b.y + b.height, nodeX: Number(rect.getAttribute('x')), nodeRight: Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) };
        });
        const lastX = Math.max(...labels.map((l) => l.nodeX));
        const firstX = Math.min(...labels.map((l) => l.nodeX));
        const problems: string[] = [];
        for (const l of labels) {
          if (l.x < 0 || l.y < 0 || l.r > width || l.bottom > height) problems.push(`${l.name} leaves the drawing`);
          if (l.nodeX === lastX && l.x < l.nodeRight) problems.push(`${l.name} is drawn over its bands`);
          if (l.nodeX === firstX && l.r > l.nodeX) problems.push(`${l.name} is drawn over its bands`);
        }
        for (const [i, a] of labels.entries()) {
          for (const b of labels.slice(i + 1)) if (a.x < b.r && b.x < a.r && a.y < b.bottom && b.y < a.bottom) problems.push(`${a.name} overlaps ${b.name}`);
        }
        return { labels: labels.length, problems };
      });
    const desktop = await layoutProblems();
    expect(desktop.labels).toBe(pathsToGraph(sankey.data.paths).nodes.length);
    expect(desktop.problems).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await layoutProblems()).problems, SLOW).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('passes axe in light and dark, fits a phone, and shows the sankey', async () => {
    await checkPageQuality(page, 'funnels');
    await page.getByTestId('sankey').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'funnels-sankey.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('heading', { name: 'Steps' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'funnels-builder-phone.png') });
    await page.getByTestId('sankey').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'funnels-sankey-phone.png') });
    // On a phone the step path has the row's width, not a third of it.
    const [inputBox, rowBox] = await Promise.all([stepInput(1).boundingBox(), page.locator('[data-step-row="1"]').boundingBox()]);
    expect(inputBox!.width).toBeGreaterThan(rowBox!.width - 2);
    // The drawing keeps room for its labels and scrolls sideways inside its card, from the keyboard too.
    const scroller = page.getByRole('region', { name: /^Paths from .* \(scrolls sideways on a narrow screen\)$/ });
    expect(await scroller.getAttribute('tabindex')).toBe('0');
    const fit = await scroller.evaluate((el) => {
      const svg = el.querySelector('svg')!;
      const columns = [...new Set([...svg.querySelectorAll('g.sankey-node rect')].map((r) => Number(r.getAttribute('x'))))].sort((a, b) => a - b);
      // A label reaching the next column's nodes (or the drawing's edge) is drawn over or cut off.
      const clashes = [...svg.querySelectorAll<SVGTextElement>('text.sankey-label')].filter((t) => {
        const box = t.getBBox();
        const next = columns.find((x) => x > box.x) ?? svg.width.baseVal.value;
        return box.x < 0 || (t.getAttribute('text-anchor') === 'start' && box.x + box.width > next);
      });
      return { scrolls: el.scrollWidth > el.clientWidth, clashes: clashes.map((t) => t.textContent) };
    });
    expect(fit).toEqual({ scrolls: true, clashes: [] });
    await scroller.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'funnels-sankey-phone-scrolled.png') });
    // "Completed" and "Dropped off" stay on one line in the paths table.
    const outcome = page.getByTestId('funnel-paths').locator('tbody tr').first().locator('td').nth(1);
    expect(await outcome.evaluate((td) => getComputedStyle(td).whiteSpace)).toBe('nowrap');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('loads a suggestion into the builder with one click', async () => {
    const suggestions = (await dash.api(`/properties/${PROPERTY}/funnels/suggestions?page=${encodeURIComponent(funnelPages[0])}`)) as {
      data: { name: string; steps: { page: string }[]; rationale: string }[];
    };
    expect(suggestions.data.length).toBeGreaterThan(0);
    const pick = suggestions.data[0];
    const item = page.locator(`[data-suggestion="${pick.name}"]`);
    await expect.poll(() => item.locator('p').nth(1).textContent()).toBe(pick.rationale);
    // As a new user finds the builder: in any order, here with a breakdown.
    await page.getByRole('radio', { name: /Any order/ }).check();
    await page.waitForURL(/mode=unbounded/);
    expect(new URL(page.url()).searchParams.get('breakdownBy')).toBe('device');
    await item.getByRole('button', { name: 'Use this funnel' }).click();
    const pages = pick.steps.map((s) => s.page);
    await expect.poll(() => inputValues(pages.length)).toEqual(pages);
    await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get('steps') ?? '[]')).toEqual(pages);
    // A suggestion is a path walked in order, so it opens "in order"; the breakdown stays.
    await page.waitForURL(/mode=sequential/);
    expect(await page.getByRole('radio', { name: /In order/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Any order/ }).isChecked()).toBe(false);
    expect(new URL(page.url()).searchParams.get('breakdownBy')).toBe('device');
    expect(await page.getByLabel('Break down by').inputValue()).toBe('device');
    const ordered = await funnel(pages, 'sequential');
    await expectFigures(ordered);
    // The rationale's last figure ("N of the M sessions … went on to X" for two steps, "N sessions (P%)
    // completed all K steps" for more) counts sessions that went straight from page to page in the last
    // 30 days (the server's pathsAfter); the funnel counts the pages in order with others allowed in
    // between, over the chosen range. Different questions, so the page shows the funnel API's answer and
    // says why the numbers differ.
    const figures = [...pick.rationale.matchAll(/([\d,]+) (?:of the [\d,]+ sessions|sessions \(\d+%\) completed all)/g)].map((m) => Number(m[1].replace(/,/g, '')));
    const rationaleLast = pages.length > 2 ? figures[figures.length - 1] : figures[0];
    expect(rationaleLast).toBeGreaterThan(0);
    const last = ordered.data.steps.at(-1)!.sessions;
    expect((await shownSessions()).at(-1)).toBe(en.format(last));
    if (rationaleLast !== last) expect(await page.locator('.funnel-suggestion-note').textContent()).toContain('went straight from one page to the next');
  });

  it('saves the funnel, reopens it after a reload, renames it and deletes it', async () => {
    const name = 'E2E pricing path';
    const saved = await inputValues(await page.locator('[data-step-row]').count());
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Save funnel' }).click();
    const item = page.locator(`[data-saved-funnel="${name}"]`);
    await expect.poll(() => item.count()).toBe(1);
    expect(await savedNames()).toContain(name);

    // Start over with another funnel, reload, then open the saved one.
    await page.goto(`${dash.origin}/funnels?property=${PROPERTY}&steps=${encodeURIComponent(JSON.stringify(['/nowhere']))}`);
    await page.reload();
    await expect.poll(() => stepInput(1).inputValue()).toBe('/nowhere');
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await expect.poll(() => inputValues(saved.length)).toEqual(saved);
    await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get('steps') ?? '[]')).toEqual(saved);

    // Edited after opening, the funnel can take the builder's steps under its own name.
    const update = page.getByRole('button', { name: `Save the builder's funnel as ${name}` });
    expect(await update.count(), 'nothing to update while the steps are the saved ones').toBe(0);
    await page.getByRole('button', { name: `Remove step ${saved.length}` }).click();
    await update.click();
    const stored = async () => ((await dash.api(`/properties/${PROPERTY}/saved-funnels`)) as { data: { name: string; steps: { page: string }[] }[] }).data.find((f) => f.name === name);
    await expect.poll(async () => (await stored())?.steps.map((s) => s.page)).toEqual(saved.slice(0, -1));
    await expect.poll(() => update.count()).toBe(0);

    const renamed = 'E2E pricing path (renamed)';
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    await page.getByLabel(`New name for “${name}”`).fill(renamed);
    await page.locator('.saved-funnels').screenshot({ path: join(SCREENSHOT_DIR, 'funnels-saved-rename.png') });
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.locator(`[data-saved-funnel="${renamed}"]`).count()).toBe(1);
    expect(await savedNames()).toEqual(expect.arrayContaining([renamed]));
    expect(await savedNames()).not.toContain(name);

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => page.locator(`[data-saved-funnel="${renamed}"]`).count()).toBe(0);
    expect(await savedNames()).not.toContain(renamed);
    await expect.poll(() => page.getByText('No saved funnels yet.').count()).toBe(1);
  });

  it('keeps the whole funnel across a reload, from the URL alone', async () => {
    await page.goto(`${dash.origin}/funnels?property=${PROPERTY}&steps=${encodeURIComponent(JSON.stringify(funnelPages))}&mode=sequential`);
    await expectFigures(await funnel(funnelPages, 'sequential'));
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect.poll(() => inputValues(3)).toEqual(funnelPages);
    expect(await page.getByRole('radio', { name: /In order/ }).isChecked()).toBe(true);
    await expectFigures(await funnel(funnelPages, 'sequential'));
  });

  it('works the same with an API key instead of the admin session', async () => {
    const context = await dash.browser.newContext({ locale: 'en-US' });
    const connection = { mode: 'key', baseUrl: dash.origin, key: dash.key, propertyIds: [PROPERTY] };
    await context.addInitScript((c) => sessionStorage.setItem('sightline.connection', c), JSON.stringify(connection));
    const keyPage = await context.newPage();
    await keyPage.goto(`${dash.origin}/funnels?property=${PROPERTY}&tz=${encodeURIComponent(TZ)}&steps=${encodeURIComponent(JSON.stringify(funnelPages))}`);
    const expected = await funnel(funnelPages, 'unbounded');
    await expect.poll(() => keyPage.locator('[data-testid=funnel-bars] .funnel-sessions').allTextContents()).toEqual(expected.data.steps.map((s) => en.format(s.sessions)));
    await context.close();
  });

  it('logged no console errors', () => {
    expect(dash.problems).toEqual([]);
  });
});
