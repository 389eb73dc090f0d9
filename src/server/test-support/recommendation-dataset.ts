import type { EventInput } from '../../contract/events.js';
import type { SnapshotElement, Store } from '../store/store.js';
import { BOT_UA, insert, PROP_A, session } from './fixtures.js';

const at = (now: Date, hoursAgo: number, minutes = 0) =>
  new Date(now.getTime() - hoursAgo * 3_600_000 + minutes * 60_000).toISOString();
const clear = { backgroundColor: 'rgba(0, 0, 0, 0)', borderRadius: '0px' };

/** The elements the tracker would have sent, per page (none for /docs). */
export const SNAPSHOTS: Record<string, SnapshotElement[]> = {
  '/': [
    {
      selector: '#hero-title',
      tag: 'h1',
      kind: 'heading',
      text: 'Welcome to Acme — simple analytics for teams that care about privacy and speed',
      styles: { ...clear, color: 'rgb(17, 24, 39)', fontSize: '40px', fontWeight: '700', padding: '0px' },
    },
    {
      selector: '#hero-cta',
      tag: 'a',
      kind: 'button',
      text: 'Learn more',
      href: 'https://a.example/pricing',
      styles: {
        color: 'rgb(255, 255, 255)',
        backgroundColor: 'rgb(147, 197, 253)',
        fontSize: '14px',
        fontWeight: '400',
        padding: '6px 12px',
        borderRadius: '4px',
      },
    },
    {
      selector: '#menu-toggle',
      tag: 'button',
      kind: 'button',
      text: 'Menu',
      styles: { ...clear, color: 'rgb(17, 24, 39)', fontSize: '14px', fontWeight: '400', padding: '4px 8px' },
    },
    {
      selector: 'nav a.docs',
      tag: 'a',
      kind: 'link',
      text: 'Documentation',
      href: 'https://docs.a.example/',
      styles: { ...clear, color: 'rgb(37, 99, 235)', fontSize: '14px', fontWeight: '400', padding: '0px' },
    },
    {
      selector: '#hero-img',
      tag: 'img',
      kind: 'image',
      text: 'Dashboard screenshot',
      src: 'https://a.example/hero.png',
      styles: {},
    },
  ],
  '/pricing': [
    {
      selector: '#pricing-title',
      tag: 'h1',
      kind: 'heading',
      text: 'Pricing',
      styles: { ...clear, color: 'rgb(17, 24, 39)', fontSize: '36px', fontWeight: '700', padding: '0px' },
    },
    {
      selector: '#buy',
      tag: 'button',
      kind: 'button',
      text: 'Start free trial',
      styles: {
        color: 'rgb(255, 255, 255)',
        backgroundColor: 'rgb(29, 78, 216)',
        fontSize: '18px',
        fontWeight: '600',
        padding: '14px 28px',
        borderRadius: '6px',
      },
    },
  ],
  '/signup': [
    {
      selector: '#signup-title',
      tag: 'h1',
      kind: 'heading',
      text: 'Create your account',
      styles: { ...clear, color: 'rgb(17, 24, 39)', fontSize: '32px', fontWeight: '700', padding: '0px' },
    },
    { selector: '#signup-form', tag: 'form', kind: 'form', text: '', styles: {} },
    {
      selector: '#signup-form button',
      tag: 'button',
      kind: 'button',
      text: 'Submit',
      styles: {
        color: 'rgb(17, 24, 39)',
        backgroundColor: 'rgb(229, 231, 235)',
        fontSize: '16px',
        fontWeight: '400',
        padding: '10px 20px',
        borderRadius: '4px',
      },
    },
  ],
};

/**
 * site-a over the last 30 days before `now` (85 sessions; every figure below is what the tests expect):
 *
 *  /        h0..h39 land here (40 views, 40 visitors; h0..h27 mobile, h28..h39 desktop), all scroll 0.2.
 *           h0..h29 leave at once (bounce 30/40 = 75%); h30..h39 go on to /pricing.
 *           Clicks: nav a.docs by h0..h9 (10), #menu-toggle by h10..h12 (3), #hero-cta by h30, h31 (2):
 *           15 clicks, a.docs 10/15 = 67%, the CTA 2/40 = 5% of views. Mobile 28/40 = 70%.
 *           Outside the window or the data: 4 sessions 40 days ago and a bot session (neither counts).
 *  /archive viewed once, 40 days ago: no data in the window (404).
 *  /pricing h30..h39 (from /) + p0..p24 (land here, desktop, go on to /signup): 35 views, scroll 0.8;
 *           #buy clicked by p0..p8: 9/35 = 26% of views. No rule fires here.
 *  /signup  p0..p24: 25 views, nobody lands here; #signup-form submitted once (p0, who also clicked
 *           its button): 1/25 = 4% of views, below the 5% benchmark.
 *  /docs    d0..d19 land and leave (desktop), scroll 0.6; a.next clicked once (1/20 = 5%). No snapshot.
 *
 * Snapshots: SNAPSHOTS, taken a day ago; / also has an older one whose heading must not be used.
 */
export async function loadRecommendationDataset(store: Store, now: Date): Promise<void> {
  const events: EventInput[] = [];
  for (let i = 0; i < 40; i++) {
    const s = session(`h${i}`, `vh${i}`, { device: i < 28 ? 'mobile' : 'desktop' });
    const h = 2 + i;
    events.push(s.pv(at(now, h), '/'), s.engage(at(now, h, 1), '/', 0.2));
    if (i < 10) events.push(s.click(at(now, h, 1), '/', 'nav a.docs'));
    if (i >= 10 && i < 13) events.push(s.click(at(now, h, 1), '/', '#menu-toggle'));
    if (i === 30 || i === 31) events.push(s.click(at(now, h, 1), '/', '#hero-cta'));
    if (i >= 30) events.push(s.pv(at(now, h, 2), '/pricing'), s.engage(at(now, h, 3), '/pricing', 0.8));
  }
  for (let i = 0; i < 5; i++)
    events.push(session(`old${i}`, `vo${i}`).pv(at(now, 40 * 24 + i), i === 0 ? '/archive' : '/'));
  const bot = session('bot1', 'vbot', { user_agent: BOT_UA });
  events.push(bot.pv(at(now, 3), '/'), bot.click(at(now, 3, 1), '/', 'nav a.docs'));
  for (let i = 0; i < 25; i++) {
    const s = session(`p${i}`, `vp${i}`, { device: 'desktop' });
    const h = 50 + i;
    events.push(s.pv(at(now, h), '/pricing'), s.engage(at(now, h, 1), '/pricing', 0.8));
    if (i < 9) events.push(s.click(at(now, h, 1), '/pricing', '#buy'));
    events.push(s.pv(at(now, h, 3), '/signup'), s.engage(at(now, h, 4), '/signup', 0.9));
    if (i === 0)
      events.push(
        s.click(at(now, h, 5), '/signup', '#signup-form button'),
        s.submit(at(now, h, 5), '/signup', '#signup-form'),
      );
  }
  for (let i = 0; i < 20; i++) {
    const s = session(`d${i}`, `vd${i}`, { device: 'desktop' });
    events.push(s.pv(at(now, 80 + i), '/docs'), s.engage(at(now, 80 + i, 1), '/docs', 0.6));
    if (i === 0) events.push(s.click(at(now, 80, 1), '/docs', 'a.next'));
  }
  await insert(store, events, now);
  const day = new Date(now.getTime() - 86_400_000);
  await store.saveSnapshots([
    {
      property_id: PROP_A,
      path: '/',
      ts: new Date(now.getTime() - 10 * 86_400_000),
      elements: [{ ...SNAPSHOTS['/'][0], text: 'Old headline' }],
    },
    ...Object.entries(SNAPSHOTS).map(([path, elements]) => ({ property_id: PROP_A, path, ts: day, elements })),
  ]);
}
