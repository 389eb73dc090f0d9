import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../src/contract/events.js';
import { storedEvent } from '../src/server/test-support/stored-event.js';
import { checkPageQuality, screenshotOnFailure, startDashboard, type Dashboard } from './support/dashboard-harness.js';
import { wizardDriver } from './support/wizard-driver.js';

const PROPERTY = 'acme-shop';
const SLOW = { timeout: 30_000 };

interface Detail {
  currency?: string | null;
  variants: { label: string; revenue: number; other_revenue?: { currency: string; amount: number }[] }[];
}

const tableRows = (page: Page) =>
  page
    .locator('[data-testid="variant-table"] tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (c) => (c.textContent ?? '').trim())),
    );
const headings = (page: Page) => page.locator('[data-testid="variant-table"] thead th').allTextContents();

// A revenue test on the demo shop, whose payments come in USD (most) and EUR: the page compares one
// currency, names it, lists the other apart and never shows their sum (docs/decisions.md, "Split
// tests: revenue in one currency").
describe('dashboard: a revenue test compares one currency', () => {
  let dash: Dashboard;
  let page: Page;
  let id = '';

  beforeAll(async () => {
    dash = await startDashboard();
    page = dash.page;
  }, 300_000);
  afterAll(async () => dash?.close());
  afterEach(screenshotOnFailure(() => page, 'experiment-revenue'));

  it("takes the shop's usual currency (USD), shows it beside revenue, EUR apart, and no mixed total", async () => {
    const res = await fetch(`${dash.origin}/api/external/v1/properties/${PROPERTY}/split-tests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dash.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Checkout: shorter form',
        page: '/demo/checkout-test',
        type: 'nocode',
        goal: 'revenue',
        variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'Pay' }] }],
      }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { experiment_id: string; created_at: string; currency: string | null };
    id = created.experiment_id;
    // Three quarters of the demo's payments are in USD (seed/site-model.ts EURO_SHARE).
    expect(created.currency).toBe('USD');

    // 20 sessions, even ones the control, odd ones the variant. Payments, worked by hand:
    //   control: s0 30 USD + 40 EUR, s2 10 USD  → $40.00 (per session $4.00), €40.00 apart (mixed: 80)
    //   variant: s1 25 USD, s3 50 EUR           → $25.00 (per session $2.50), €50.00 apart (mixed: 75)
    const payments: Record<number, [number, string][]> = {
      0: [
        [30, 'USD'],
        [40, 'EUR'],
      ],
      2: [[10, 'USD']],
      1: [[25, 'USD']],
      3: [[50, 'EUR']],
    };
    const events: StoredEvent[] = Array.from({ length: 20 }, (_, i) => {
      const visit = (over: Partial<StoredEvent> & Pick<StoredEvent, 'ts'>) =>
        storedEvent({
          property_id: PROPERTY,
          visitor_id: `rv${i}`,
          session_id: `rs${i}`,
          path: '/demo/checkout-test',
          country: 'US',
          device: 'desktop',
          ...over,
        });
      const at = Date.parse(created.created_at) + 10 + i * 10;
      return [
        visit({ ts: new Date(at) }),
        visit({ type: 'exposure', ts: new Date(at + 1), experiment_id: id, variant: i % 2 }),
        ...(payments[i] ?? []).map(([amount, currency], k) =>
          visit({
            type: 'revenue',
            ts: new Date(at + 2 + k),
            amount,
            currency,
          }),
        ),
      ];
    }).flat();
    await dash.store.insertEvents(events);
    const d = await dash.api<Detail>(`/properties/${PROPERTY}/split-tests/${id}`);
    expect(d.variants.map((v) => [v.revenue, v.other_revenue])).toEqual([
      [40, [{ currency: 'EUR', amount: 40 }]],
      [25, [{ currency: 'EUR', amount: 50 }]],
    ]);

    await page.goto(`${dash.origin}/experiments/${id}?property=${PROPERTY}`);
    await page.getByTestId('variant-table').waitFor(SLOW);
    await expect
      .poll(() => headings(page), SLOW)
      .toEqual(expect.arrayContaining(['Revenue (USD)', 'Per session (USD)', 'Other currencies']));
    const heads = await headings(page);
    const column = (name: string) => heads.indexOf(name);
    const rows = await tableRows(page);
    expect(
      rows.map((r) => [r[column('Revenue (USD)')], r[column('Per session (USD)')], r[column('Other currencies')]]),
    ).toEqual([
      ['$40.00', '$4.00', '€40.00'],
      ['$25.00', '$2.50', '€50.00'],
    ]);
    // Nowhere a sum of two currencies: 80 and 75 would be USD and EUR added.
    const text = await page.getByTestId('variant-table').textContent();
    expect(text).not.toMatch(/\b(80|75)(\.00)?\b/);
    expect(await page.getByTestId('revenue-currency-note').textContent()).toBe(
      'Revenue compares payments in USD only. Not compared, paid in other currencies: Control €40.00; Variant B €50.00.',
    );
    expect(await page.getByText('Revenue: a purchase paid in USD').count()).toBe(1);
    await checkPageQuality(page, 'experiment-revenue');
    expect(dash.problems).toEqual([]);
  });

  it("the wizard lets the revenue goal pick its currency, the property's usual one by default", async () => {
    const w = wizardDriver(dash);
    await page.goto(w.wizardUrl());
    await page.getByLabel('Page path').fill('/demo/checkout-eur');
    await w.next();
    await w.next(); // no recommendation chosen: one blank change to fill
    await w.change(1, 1).getByLabel('Selector').fill('h1');
    await w.change(1, 1).getByLabel('New text').fill('Pay in euros');
    await w.next();
    await expect.poll(w.stepTitle).toBe('Goal and plan');
    expect(await page.getByLabel('Currency to compare').count()).toBe(0); // only for the revenue goal
    await page.getByLabel('Goal', { exact: true }).selectOption('revenue');
    const currency = page.getByLabel('Currency to compare');
    await currency.waitFor(SLOW);
    expect(await currency.inputValue()).toBe('');
    expect(await currency.locator('option').first().textContent()).toBe('The property’s usual currency');
    await checkPageQuality(page, 'wizard-revenue-currency');
    await currency.selectOption('EUR');
    await w.next();
    await expect.poll(() => page.locator('main').textContent()).toContain('Revenue per visitor, in EUR');
  });
});
