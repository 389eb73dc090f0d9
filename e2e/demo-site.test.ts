import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, startHarness, type Harness } from './support/tracker-harness.js';
import { axeOn } from './support/axe.js';

const pages: [name: string, path: string][] = [
  ['home', '/demo/'],
  ['pricing', '/demo/pricing'],
  ['signup', '/demo/signup'],
  ['blog-post', '/demo/blog/first-post'],
  ['app', '/demo/app/'],
  ['app-orders', '/demo/app/orders'],
];

// The demo site is what a person clicks through to see Sightline work, so it has to be usable by
// everyone; screenshots land in /tmp/demo-*.png for a look.
describe('the demo site', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  for (const [name, path] of pages) {
    it(`${path} has no accessibility violations and carries the tracker`, async () => {
      const context = await h.person({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(h.origin + path);
      await eventOf(h, 'pageview', path);
      const { violations } = await axeOn(page).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await page.screenshot({ path: `/tmp/demo-${name}.png`, fullPage: true });
      await context.close();
    });
  }

  it('shows the thank-you message in place after signing up, and a narrow screen still works', async () => {
    const context = await h.person({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${h.origin}/demo/signup`);
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Work email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Create my shop' }).click();
    await page.getByRole('status').waitFor();
    expect((await axeOn(page).analyze()).violations).toEqual([]);
    await page.screenshot({ path: '/tmp/demo-signup-thanks-mobile.png', fullPage: true });
    await page.goto(`${h.origin}/demo/pricing`);
    await page.screenshot({ path: '/tmp/demo-pricing-mobile.png', fullPage: true });
    await context.close();
  });
});
