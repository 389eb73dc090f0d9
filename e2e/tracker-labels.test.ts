import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, startHarness, until, type Harness } from './support/tracker-harness.js';

// What clicks and form submissions are named by (docs/tracking.md "Labels"), in a real Chromium
// against the stand-in collector: the text a person sees, never what they typed.

const TYPED = ['hunter2-secret', 'ada@example.com', 'my private note', 'typed into the box'];

const page = `<!doctype html><meta charset="utf-8"><title>labels</title>
<script src="/sightline.js?p=acme-shop"></script>
<button id="buy" type="button">  Buy
   <b>now</b>  </button>
<a id="gh" href="#gh"><svg width="16" height="16" aria-hidden="true"><circle cx="8" cy="8" r="8"/></svg><span aria-hidden="true"></span></a>
<a id="gh-labelled" href="#gh" aria-label="Sightline on GitHub"><svg width="16" height="16" aria-hidden="true"><circle cx="8" cy="8" r="8"/></svg></a>
<a id="logo" href="#home"><img alt="Acme home" width="10" height="10" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></a>
<button id="long" type="button">${'A very long call to action '.repeat(8)}</button>
<div id="search" role="button" title="Search the shop" tabindex="0"><input id="q" aria-label="Search"> Go</div>
<form id="newsletter" onsubmit="event.preventDefault()">
  <fieldset><legend>Get the newsletter</legend><input id="email" type="email" aria-label="Email"><button>Subscribe</button></fieldset>
</form>
<form id="contact" aria-label="Contact us" onsubmit="event.preventDefault()"><textarea id="note"></textarea><input type="submit" value="Send message"></form>
<form id="plain" onsubmit="event.preventDefault()"><input id="pw" type="password"><button type="submit">Sign in</button></form>
<form id="bare" onsubmit="event.preventDefault()"><input id="code"><button type="submit" id="bare-submit"><svg width="8" height="8"></svg></button></form>
<div id="editor" contenteditable="true" role="button"></div>`;

describe('labels of clicks and form submissions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(() => h.reset());
  afterAll(() => h.close());

  async function open() {
    const context = await h.person();
    await context.route(`${h.origin}/demo/labels`, (route) => route.fulfill({ contentType: 'text/html', body: page }));
    const tab = await context.newPage();
    await tab.goto(`${h.origin}/demo/labels`);
    await eventOf(h, 'pageview', '/demo/labels');
    return tab;
  }
  const clickOn = (target: string) => eventOf(h, 'click', '/demo/labels', (e) => e.target === target);
  const submitOf = (target: string) => eventOf(h, 'form_submit', '/demo/labels', (e) => e.target === target);

  it("names a button by its text, an icon link by its aria-label or image's alt, and cuts long text at 120", async () => {
    const tab = await open();
    for (const id of ['#buy', '#gh', '#gh-labelled', '#logo', '#long']) await tab.click(id);
    expect((await clickOn('#buy')).label).toBe('Buy now');
    // An icon link without any words sends no label at all.
    expect(await clickOn('#gh')).not.toHaveProperty('label');
    expect((await clickOn('#gh-labelled')).label).toBe('Sightline on GitHub');
    expect((await clickOn('#logo')).label).toBe('Acme home');
    const long = (await clickOn('#long')).label as string;
    expect(long).toHaveLength(120);
    expect(long.startsWith('A very long call to action A very long')).toBe(true);
  });

  it('names a form by its legend, its aria-label or else its submit button; an input button by its value', async () => {
    const tab = await open();
    await tab.click('#newsletter button');
    await tab.click('#contact input[type=submit]');
    await tab.click('#plain button');
    expect((await submitOf('#newsletter')).label).toBe('Get the newsletter');
    expect((await clickOn('#newsletter button')).label).toBe('Subscribe');
    expect((await submitOf('#contact')).label).toBe('Contact us');
    expect((await eventOf(h, 'click', '/demo/labels', (e) => String(e.target).startsWith('#contact'))).label).toBe(
      'Send message',
    );
    expect((await submitOf('#plain')).label).toBe('Sign in');
  });

  it('never sends what a person typed: not from a field inside a clicked element, a form, or an editable region', async () => {
    const tab = await open();
    await tab.fill('#q', TYPED[0]);
    await tab.click('#search', { position: { x: 2, y: 2 } });
    await tab.fill('#email', TYPED[1]);
    await tab.click('#newsletter button');
    await tab.fill('#note', TYPED[2]);
    await tab.click('#contact input[type=submit]');
    await tab.fill('#pw', TYPED[0]);
    await tab.click('#plain button');
    await tab.fill('#code', TYPED[0]);
    await tab.click('#bare-submit');
    await tab.click('#editor');
    await tab.keyboard.type(TYPED[3]);
    await tab.click('#editor');
    // The element holding a field is named by its title instead of its text.
    expect((await clickOn('#search')).label).toBe('Search the shop');
    // A form whose submit button shows nothing has no label.
    expect(await submitOf('#bare')).not.toHaveProperty('label');
    await until('the editable region’s click', () =>
      h.events.some((e) => e.type === 'click' && e.target === '#editor'),
    );
    expect(h.events.filter((e) => e.target === '#editor').every((e) => !('label' in e))).toBe(true);
    // The page's snapshot (sent a second after load, for the recommender) leaves typed text out too.
    await eventOf(h, 'snapshot', '/demo/labels');
    const sent = JSON.stringify(h.events);
    for (const text of TYPED) expect(sent).not.toContain(text);
  });
});
