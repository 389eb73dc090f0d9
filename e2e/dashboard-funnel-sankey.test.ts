import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathsToGraph } from '../src/app/components/sankey-layout.js';
import { SCREENSHOT_DIR, checkPageQuality, type Dashboard } from './support/dashboard-harness.js';
import {
  builderUrl,
  PROPERTY,
  en,
  SLOW,
  funnelHelpers,
  startFunnelStory,
  type FunnelStory,
} from './support/funnel-story.js';

// The Funnels page's sankey of paths from step 1 over the demo data: its nodes and drop-off against the
// API's paths, labels that stay apart and inside the drawing on a desktop and a phone, colours, axe.
describe('dashboard: Funnels sankey', () => {
  let story: FunnelStory;
  let dash: Dashboard;
  let page: Page;
  let funnelPages: string[];
  const { dated, stepsParam, stepInput } = funnelHelpers(() => story);

  beforeAll(async () => {
    story = await startFunnelStory();
    ({ dash, page, funnelPages } = story);
    // Where the builder's story leaves the page: the funnel in order, broken down by device.
    await page.goto(builderUrl(story));
  }, 180_000);
  afterAll(async () => {
    await dash?.close();
  });

  it('draws the sankey of paths from step 1 with drop-off nodes', async () => {
    const sankey = (await dash.api(
      `/properties/${PROPERTY}/funnels/sankey?${dated()}&steps=${stepsParam(funnelPages)}&mode=sequential`,
    )) as {
      data: { paths: { nodes: string[]; sessions: number }[] };
    };
    const svg = page.getByTestId('sankey');
    await expect.poll(() => svg.locator('g.sankey-node').count()).toBe(pathsToGraph(sankey.data.paths).nodes.length);
    expect(await svg.locator('g.sankey-node.loss').count()).toBeGreaterThan(0);
    expect(await svg.locator('g.sankey-node.loss').first().getAttribute('data-node')).toBe('(drop-off)');
    expect(await svg.locator('title').first().textContent()).toBe(`Paths from ${funnelPages[0]}`);
    const firstRow = await page.getByTestId('funnel-paths').locator('tbody tr').first().locator('td').allTextContents();
    expect(firstRow).toEqual([
      sankey.data.paths[0].nodes.join(' → '),
      expect.any(String),
      en.format(sankey.data.paths[0].sessions),
    ]);
  });

  it('keeps the sankey labels apart, inside the drawing and off the bands, and colours completed paths (issue 13 §10)', async () => {
    const sankey = (await dash.api(
      `/properties/${PROPERTY}/funnels/sankey?${dated()}&steps=${stepsParam(funnelPages)}&mode=sequential`,
    )) as {
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
          return {
            name: t.textContent ?? '',
            x: b.x,
            y: b.y,
            r: b.x + b.width,
            bottom: b.y + b.height,
            nodeX: Number(rect.getAttribute('x')),
            nodeRight: Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')),
          };
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
          for (const b of labels.slice(i + 1))
            if (a.x < b.r && b.x < a.r && a.y < b.bottom && b.y < a.bottom)
              problems.push(`${a.name} overlaps ${b.name}`);
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
    const [inputBox, rowBox] = await Promise.all([
      stepInput(1).boundingBox(),
      page.locator('[data-step-row="1"]').boundingBox(),
    ]);
    expect(inputBox!.width).toBeGreaterThan(rowBox!.width - 2);
    // The drawing keeps room for its labels and scrolls sideways inside its card, from the keyboard too.
    const scroller = page.getByRole('region', { name: /^Paths from .* \(scrolls sideways on a narrow screen\)$/ });
    expect(await scroller.getAttribute('tabindex')).toBe('0');
    const fit = await scroller.evaluate((el) => {
      const svg = el.querySelector('svg')!;
      const columns = [
        ...new Set([...svg.querySelectorAll('g.sankey-node rect')].map((r) => Number(r.getAttribute('x')))),
      ].sort((a, b) => a - b);
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

  it('logged no console errors', () => {
    expect(dash.problems).toEqual([]);
  });
});
