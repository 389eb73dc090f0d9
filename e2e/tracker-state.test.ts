import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, pause, startHarness, until, type Harness } from './support/tracker-harness.js';

interface Element {
  selector: string;
  tag: string;
  kind: string;
  text: string;
  href?: string;
  src?: string;
  styles: Record<string, string>;
}

// What the tracker remembers between pages: snapshots already sent, the visitor and the session.
describe('the tracker’s memory', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterEach(() => h.reset());
  afterAll(() => h.close());

  it('sends a snapshot of a page’s key elements once per page and day', async () => {
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/pricing`);
    const snapshot = await eventOf(h, 'snapshot', '/demo/pricing');
    const elements = snapshot.elements as Element[];
    expect(elements.length).toBeGreaterThan(10);
    expect(elements.length).toBeLessThanOrEqual(40);
    expect(elements.every((e) => e.text.length <= 120)).toBe(true);
    expect(elements.find((e) => e.tag === 'h1')).toMatchObject({
      kind: 'heading',
      text: 'Simple pricing for growing shops',
    });
    // A link painted as a button is reported as a button, with the styles a test might change.
    const cta = elements.find((e) => e.selector === '#cta-start-trial');
    expect(cta).toMatchObject({
      tag: 'a',
      kind: 'button',
      text: 'Start free trial',
      href: `${h.origin}/demo/signup?plan=pro`,
    });
    expect(cta!.styles).toMatchObject({
      backgroundColor: 'rgb(255, 255, 255)',
      color: 'rgb(55, 48, 163)',
      fontWeight: '600',
    });
    expect(Object.keys(cta!.styles).sort()).toEqual([
      'backgroundColor',
      'borderRadius',
      'color',
      'fontSize',
      'fontWeight',
      'padding',
    ]);
    // Alone in its request, so a collector that rejects it cannot take page views down with it.
    expect(h.batches.find((b) => b.includes(snapshot))).toHaveLength(1);
    // Headings come before links, so the 40-element cap cuts links first.
    expect(elements.findIndex((e) => e.kind === 'link')).toBeGreaterThan(
      elements.findIndex((e) => e.kind === 'heading'),
    );

    await page.reload();
    await until('the second page view', () => h.events.filter((e) => e.type === 'pageview').length === 2);
    await pause(2_000);
    expect(h.events.filter((e) => e.type === 'snapshot')).toHaveLength(1);

    await page.goto(`${h.origin}/demo/`);
    const home = await eventOf(h, 'snapshot', '/demo/');
    expect((home.elements as Element[]).find((e) => e.kind === 'image')).toMatchObject({
      src: `${h.origin}/demo/hero.svg`,
    });
  });

  it('keeps the visitor and session across pages, and starts a new session after 30 idle minutes', async () => {
    const page = await (await h.person()).newPage();
    await page.goto(`${h.origin}/demo/`);
    await page.goto(`${h.origin}/demo/pricing`);
    const [home, pricing] = [await eventOf(h, 'pageview', '/demo/'), await eventOf(h, 'pageview', '/demo/pricing')];
    expect(pricing.session_id).toBe(home.session_id);
    expect(pricing.visitor_id).toBe(home.visitor_id);

    const lastActive = (minutesAgo: number) =>
      page.evaluate((ms) => {
        const s = JSON.parse(localStorage.getItem('sl_ses')!);
        localStorage.setItem('sl_ses', JSON.stringify({ ...s, at: Date.now() - ms }));
      }, minutesAgo * 60_000);

    await lastActive(29);
    await page.goto(`${h.origin}/demo/signup`);
    expect((await eventOf(h, 'pageview', '/demo/signup')).session_id).toBe(home.session_id);

    await lastActive(31);
    await page.goto(`${h.origin}/demo/blog/first-post`);
    const later = await eventOf(h, 'pageview', '/demo/blog/first-post');
    expect(later.session_id).not.toBe(home.session_id);
    expect(later.visitor_id).toBe(home.visitor_id);
  });
});
