import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerExperiment } from '../src/contract/experiments.js';
import {
  colorShare,
  framesOf,
  hidingRulesOf,
  startExperimentHarness,
  visitorIn,
  type ExperimentHarness,
} from './support/experiment-harness.js';
import { pause, until } from './support/tracker-harness.js';
import {
  CTA,
  CTA_TEST,
  GREEN,
  IN_CONTROL,
  IN_VARIANT,
  MID_CTA,
  NEW_TEXT,
  page,
  WHITE,
} from './support/experiment-fixtures.js';

// The tracker's experiments in Debian's Chromium, on the demo site, with the experiments tag
// (`/sightline.js?p=acme-shop`, synchronous, first in <head>) and the config embedded by the real route.
describe('experiments in the browser', () => {
  let h: ExperimentHarness;
  beforeAll(async () => {
    h = await startExperimentHarness();
  });
  afterEach(() => h.reset());
  afterAll(() => h.close());

  const exposureOn = (path: string, experiment: string) =>
    until(`an exposure to ${experiment} on ${path}`, () =>
      h.events.find((e) => e.type === 'exposure' && e.path === path && e.experiment_id === experiment),
    );
  const styleCount = (p: Page) => p.evaluate(() => document.querySelectorAll('style').length);

  it('paints a nocode variant’s text and style in the first frame the element shows in, hiding only that element meanwhile', async () => {
    h.setConfig({ experiments: [CTA_TEST] });
    // The network stalls in the middle of the button's text: the browser paints the half-parsed page.
    h.split('/demo/pricing', MID_CTA, 800);
    const tab = await (await h.person(IN_VARIANT, [CTA, 'h1'])).newPage();
    await tab.goto(`${h.origin}/demo/pricing`);

    // The frame log is written on each animation frame: under load the one in which the button first
    // shows can come after `goto` resolves, so wait for it before reading the log.
    await expect
      .poll(async () => (await framesOf(tab)).some((f) => f.seen[CTA]?.visible), { timeout: 10_000 })
      .toBe(true);
    const frames = await framesOf(tab);
    const withCta = frames.filter((f) => f.seen[CTA]);
    const shown = withCta.filter((f) => f.seen[CTA]!.visible);
    // While the button was half there it was hidden, and only it: the heading above was painted.
    // A loaded machine paints fewer frames, and paints the half page later into the stall (280 ms
    // before its end once), so the claim is not how many frames or how long: the button first showed
    // only after the server had sent the rest of it, on the same machine's clock.
    const waiting = withCta.filter((f) => !f.seen[CTA]!.visible);
    expect(waiting.length).toBeGreaterThan(0);
    const timeOrigin = await tab.evaluate(() => performance.timeOrigin);
    // (50 ms for the two clocks: shown at the first frame, the button would be 800 ms early.)
    expect(timeOrigin + shown[0].t).toBeGreaterThan(h.restSentAt('/demo/pricing')! - 50);
    expect(waiting.every((f) => f.seen[CTA]!.text === 'Start free' && f.page && f.seen.h1?.visible)).toBe(true);
    // From the first frame it showed in, it was the variant; the control was never painted.
    expect(shown.length).toBeGreaterThan(0);
    for (const f of shown)
      expect(f.seen[CTA]).toEqual({ text: NEW_TEXT, visible: true, color: WHITE, background: GREEN });
    expect(withCta.some((f) => f.seen[CTA]!.visible && /Start free/.test(f.seen[CTA]!.text))).toBe(false);
    // The browser really painted before the button showed (the trace is not of an unpainted page).
    const fcp = await tab.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    expect(fcp).toBeLessThan(shown[0].t);
    expect(await hidingRulesOf(tab)).toEqual([':is(#cta-start-trial):not([data-sl]) { opacity: 0 !important; }']);
    expect(await styleCount(tab)).toBe(0);

    const exposure = await exposureOn('/demo/pricing', 'exp_cta');
    expect(exposure).toMatchObject({ variant: 1, visitor_id: IN_VARIANT, property_id: 'acme-shop' });
    const view = h.events.find((e) => e.type === 'pageview')!;
    expect(exposure.session_id).toBe(view.session_id);
    expect(h.events.indexOf(view)).toBeLessThan(h.events.indexOf(exposure));
  });

  it('shows the variant from the first frame of an ordinary load, and in a screenshot taken at DOMContentLoaded', async () => {
    h.setConfig({ experiments: [CTA_TEST] });
    const tab = await (await h.person(IN_VARIANT, [CTA])).newPage();
    await tab.goto(`${h.origin}/demo/pricing`, { waitUntil: 'domcontentloaded' });
    const box = (await tab.locator(CTA).boundingBox())!;
    const shot = await tab.screenshot({ clip: box });
    expect(await colorShare(tab, shot, [22, 163, 74])).toBeGreaterThan(0.5);
    expect(await colorShare(tab, shot, [255, 255, 255])).toBeLessThan(0.3); // white letters only, no white button
    await tab.waitForLoadState('load');
    await expect.poll(async () => (await framesOf(tab)).some((f) => f.seen[CTA]), { timeout: 10_000 }).toBe(true);
    const first = (await framesOf(tab)).find((f) => f.seen[CTA]);
    expect(first?.seen[CTA]).toEqual({ text: NEW_TEXT, visible: true, color: WHITE, background: GREEN });
  });

  it('changes matching elements that appear later, and runs on client-side navigation to the experiment’s page only', async () => {
    const late: TrackerExperiment = {
      ...CTA_TEST,
      variants: [
        CTA_TEST.variants[0],
        { changes: [...CTA_TEST.variants[1].changes!, { selector: '.late-offer', op: 'text', value: 'New offer' }] },
      ],
    };
    const spa: TrackerExperiment = {
      id: 'exp_spa',
      page: '/demo/app/orders',
      type: 'nocode',
      variants: [{ changes: [] }, { changes: [{ selector: 'main h1', op: 'text', value: 'Your orders' }] }],
    };
    h.setConfig({ experiments: [late, spa] });
    const visitor = visitorIn(['exp_cta', 2, 1], ['exp_spa', 2, 1]);
    const tab = await (await h.person(visitor, ['.late-offer', 'main h1'])).newPage();
    await tab.goto(`${h.origin}/demo/pricing`);
    // Lazy content: inserted by the page's own script long after load, deep in a new subtree.
    const firstFrame = await tab.evaluate(async () => {
      const box = document.createElement('div');
      box.innerHTML = '<section><p class="late-offer">Old offer</p></section>';
      document.querySelector('main')!.append(box);
      return new Promise<string>((done) =>
        requestAnimationFrame(() => done(document.querySelector('.late-offer')!.textContent!)),
      );
    });
    expect(firstFrame).toBe('New offer');
    expect(
      (await framesOf(tab))
        .filter((f) => f.seen['.late-offer'])
        .every((f) => f.seen['.late-offer']!.text === 'New offer'),
    ).toBe(true);

    // A single-page app: the orders view is rendered on the client after pushState.
    await tab.goto(`${h.origin}/demo/app/`);
    await tab.click('.app-side a[data-route="orders"]');
    await tab.getByRole('heading', { name: 'Your orders' }).waitFor();
    expect((await exposureOn('/demo/app/orders', 'exp_spa')).variant).toBe(1);
    expect(
      (await framesOf(tab))
        .filter((f) => f.path === '/demo/app/orders' && f.seen['main h1'])
        .map((f) => f.seen['main h1']!.text),
    ).not.toContain('Orders');
    // Elsewhere in the app the same selector is left alone.
    await tab.click('.app-side a[data-route="overview"]');
    await tab.getByRole('heading', { name: 'Overview' }).waitFor();
    await tab.goBack();
    await tab.getByRole('heading', { name: 'Your orders' }).waitFor();
    await tab.click('.app-side a[data-route="settings"]');
    expect(await tab.locator('main h1').textContent()).toBe('Settings');
  });

  it('applies every kind of change, and a duplicate is made once however often the page changes', async () => {
    h.page(
      '/test/ops',
      page(`<h1 id="t">Old title</h1><p id="c">Styled</p><div id="h">plain</div>
        <img id="i" src="/demo/favicon.svg" srcset="/demo/favicon.svg 1x" alt="" width="40" height="40">
        <picture><source srcset="/demo/favicon.svg"><img id="p" src="/demo/favicon.svg" alt="" width="40" height="40"></picture>
        <div id="bg">background</div><p id="d">Delete me</p><ul id="list"><li class="dup">Copy me</li></ul><div id="log"></div>`),
    );
    h.setConfig({
      experiments: [
        {
          id: 'exp_ops',
          page: '/test/ops',
          type: 'nocode',
          variants: [
            { changes: [] },
            {
              changes: [
                { selector: '#t', op: 'text', value: 'New <title>' },
                {
                  selector: '#c',
                  op: 'css',
                  value: { color: 'rgb(255, 0, 0)', fontSize: 20, lineHeight: 2, opacity: 0.5, marginTop: '3em' },
                },
                { selector: '#h', op: 'html', value: '<strong>bold</strong> move' },
                { selector: '#i, #p', op: 'image', value: '/demo/hero.svg' },
                { selector: '#bg', op: 'image', value: '/demo/hero.svg' },
                { selector: '#d', op: 'delete', value: '' },
                { selector: '.dup', op: 'duplicate', value: '' },
                { selector: 'li[not valid', op: 'text', value: 'ignored' },
              ],
            },
          ],
        },
      ],
    });
    const tab = await (await h.person(visitorIn(['exp_ops', 2, 1]))).newPage();
    await tab.goto(`${h.origin}/test/ops`);
    const state = () =>
      tab.evaluate(() => {
        const $ = (s: string) => document.querySelector(s) as HTMLElement;
        const c = getComputedStyle($('#c'));
        return {
          text: $('#t').textContent,
          css: [c.color, c.fontSize, c.lineHeight, c.opacity, c.marginTop],
          html: $('#h').innerHTML,
          images: ['#i', '#p'].map((s) => [
            $(s).getAttribute('src'),
            $(s).getAttribute('srcset'),
            (($(s) as HTMLImageElement).currentSrc || '').replace(location.origin, ''),
          ]),
          sources: document.querySelectorAll('picture source').length,
          background: $('#bg').style.backgroundImage,
          deleted: !$('#d'),
          copies: Array.from(document.querySelectorAll('.dup'), (li) => li.textContent),
        };
      });
    await tab.waitForFunction(() => (document.querySelector('#i') as HTMLImageElement).complete);
    expect(await state()).toEqual({
      text: 'New <title>',
      css: ['rgb(255, 0, 0)', '20px', '40px', '0.5', '60px'],
      html: '<strong>bold</strong> move',
      images: [
        ['/demo/hero.svg', null, '/demo/hero.svg'],
        ['/demo/hero.svg', null, '/demo/hero.svg'],
      ],
      sources: 0,
      background: 'url("/demo/hero.svg")',
      deleted: true,
      copies: ['Copy me', 'Copy me'],
    });

    // The page keeps changing: many mutations, the original moved, the copy moved, new items.
    await tab.evaluate(async () => {
      const list = document.getElementById('list')!;
      for (let i = 0; i < 20; i++) {
        document.getElementById('log')!.innerHTML = `<p>tick ${i}</p>`;
        document.body.append(document.createElement('span'));
        await new Promise((r) => setTimeout(r, 5));
      }
      list.append(list.firstElementChild!); // the original, re-inserted
      list.append(list.firstElementChild!); // the copy, re-inserted
      const later = document.createElement('li');
      later.className = 'dup';
      later.textContent = 'Later';
      list.append(later);
      await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < 5; i++) list.append(document.createElement('b'));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect((await state()).copies.sort()).toEqual(['Copy me', 'Copy me', 'Later', 'Later']);
    expect((await state()).text).toBe('New <title>');
  });

  it('shows a visitor in the control the page as it is, with nothing hidden', async () => {
    h.setConfig({ experiments: [CTA_TEST] });
    // At 500 ms, and once in CI at 800 ms, a loaded machine painted no frame inside the stall.
    h.split('/demo/pricing', MID_CTA, 1_500);
    const tab = await (await h.person(IN_CONTROL, [CTA])).newPage();
    await tab.goto(`${h.origin}/demo/pricing`);
    const frames = (await framesOf(tab)).filter((f) => f.seen[CTA]);
    // The half-parsed button was painted as it came: nothing waited for an experiment.
    expect(frames.some((f) => f.seen[CTA]!.visible && f.seen[CTA]!.text === 'Start free')).toBe(true);
    expect(frames.every((f) => f.seen[CTA]!.visible)).toBe(true);
    // The finished page (read live: the frame log may end before the delayed rest of the HTML).
    await expect.poll(() => tab.locator(CTA).textContent()).toBe('Start free trial');
    expect(await tab.locator(CTA).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(WHITE);
    expect(await hidingRulesOf(tab)).toEqual([]);
    expect((await exposureOn('/demo/pricing', 'exp_cta')).variant).toBe(0);
  });

  it('never hides content beyond the timeout: a selector that never appears, and a parser stuck inside the element', async () => {
    h.setConfig({
      experiments: [
        {
          ...CTA_TEST,
          variants: [{ changes: [] }, { changes: [{ selector: '#not-on-this-page', op: 'text', value: 'x' }] }],
        },
      ],
    });
    const plain = await (await h.person(IN_VARIANT, ['h1', CTA])).newPage();
    await plain.goto(`${h.origin}/demo/pricing`);
    const frames = (await framesOf(plain)).filter((f) => f.seen.h1);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((f) => f.page && f.seen.h1!.visible && f.seen[CTA]?.visible !== false)).toBe(true);
    expect(await styleCount(plain)).toBe(0);

    // A script that takes 4 s blocks the parser inside the changed element: it may stay hidden for
    // the timeout (1.5 s), then shows as it is, while the rest of the page showed all along.
    h.page(
      '/test/slow',
      page(
        '<header><h1 id="top">Always visible</h1></header><div class="hero"><p>Hero start</p><script src="/slow.js?ms=4000"></script><p>Hero end</p></div>',
      ),
    );
    h.setConfig({
      experiments: [
        {
          id: 'exp_slow',
          page: '/test/slow',
          type: 'nocode',
          variants: [
            { changes: [] },
            { changes: [{ selector: '.hero', op: 'css', value: { color: 'rgb(255, 0, 0)' } }] },
          ],
        },
      ],
    });
    const slow = await (await h.person(visitorIn(['exp_slow', 2, 1]), ['.hero', '#top'])).newPage();
    await slow.goto(`${h.origin}/test/slow`, { waitUntil: 'commit' });
    // Read the log once the hero shows (a loaded machine parses the page later after the commit),
    // then check that this was still before the script came.
    const heroShown = async () => (await framesOf(slow)).some((f) => f.seen['.hero']?.visible);
    await expect.poll(heroShown, { timeout: 3_500, interval: 100 }).toBe(true);
    expect(await slow.evaluate(() => (window as unknown as { slowDone?: boolean }).slowDone)).toBeUndefined();
    const seen = (await framesOf(slow)).filter((f) => f.seen['.hero']);
    expect(seen.some((f) => !f.seen['.hero']!.visible)).toBe(true); // it was hidden at first…
    expect(seen.at(-1)!.seen['.hero']).toMatchObject({ visible: true, text: 'Hero start' }); // …and shown before the script came
    expect(seen.every((f) => f.seen['#top']!.visible)).toBe(true);
    const hiddenFor = seen.find((f) => f.seen['.hero']!.visible)!.t - seen[0].t;
    // The rule goes at 1.5 s; a loaded machine painted the next frame 400 ms after (1,903 ms once in
    // a full run). The bound that matters is the script's 4 s, which the checks above hold it to.
    expect(hiddenFor).toBeLessThan(2_500);
    // Once the parser is done with it, the change applies after all.
    await slow.waitForLoadState('load');
    expect(await slow.evaluate(() => getComputedStyle(document.querySelector('.hero')!).color)).toBe('rgb(255, 0, 0)');
  });

  it('does nothing when the browser asks not to be tracked: the control, nothing hidden, nothing sent', async () => {
    h.setConfig({ experiments: [CTA_TEST] });
    const context = await h.person(IN_VARIANT, [CTA]);
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const tab = await context.newPage();
    await tab.goto(`${h.origin}/demo/pricing`);
    await pause(1_000);
    expect(await tab.locator(CTA).textContent()).toBe('Start free trial');
    expect(await hidingRulesOf(tab)).toEqual([]);
    expect(h.events, JSON.stringify(h.events)).toEqual([]);
  });
});
