import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDashboardSearch } from '../../../lib/dashboard-search.js';
import { propertiesQueryOptions } from '../../../lib/properties-query.js';
import { prefetchTraffic } from './prefetch-traffic.js';

/** Every request the page sends, held until the test answers it (an error envelope: the order is what matters). */
function heldFetch() {
  const sent: { what: string; answer: () => void }[] = [];
  vi.stubGlobal(
    'fetch',
    (url: string) =>
      new Promise<Response>((resolve) => {
        const { pathname, searchParams } = new URL(url, 'http://dashboard.test');
        const what = `${pathname.split('/traffic/')[1]}${searchParams.get('start') ? ` ${searchParams.get('start')}` : ''}`;
        const body = JSON.stringify({ error: { code: 'not_found', message: 'held', details: {} } });
        sent.push({
          what,
          answer: () => resolve(new Response(body, { status: 404, headers: { 'content-type': 'application/json' } })),
        });
      }),
  );
  return sent;
}

async function untilSettled() {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
}

async function openTraffic(search: Record<string, unknown>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(propertiesQueryOptions({ mode: 'session' }).queryKey, [
    { id: 'shop', name: 'Shop', timezone: 'UTC' },
  ]);
  await prefetchTraffic(
    queryClient,
    parseDashboardSearch({ property: 'shop', range: 'custom', from: '2026-10-02', to: '2026-10-31', ...search }),
  );
  await untilSettled();
}

afterEach(() => vi.unstubAllGlobals());

describe('the Traffic page reads', () => {
  it('asks for the cards, their compared period and the chart first, and for the tables only once those have answered', async () => {
    const sent = heldFetch();
    await openTraffic({});
    expect(sent.map((r) => r.what).sort()).toEqual(['summary 2026-09-02', 'summary 2026-10-02', 'trends 2026-10-02']);
    for (const r of sent.slice(0, 2)) r.answer();
    await untilSettled();
    expect(sent).toHaveLength(3);
    sent[2].answer();
    await untilSettled();
    // One breakdown read serves both the tabs and the map.
    expect(
      sent
        .slice(3)
        .map((r) => r.what)
        .sort(),
    ).toEqual(['breakdown 2026-10-02', 'entry-exit-pages 2026-10-02', 'realtime']);
  });

  it('counts the compared trend among the first reads when the chart shows it', async () => {
    const sent = heldFetch();
    await openTraffic({ compare: true });
    expect(sent.map((r) => r.what).sort()).toEqual([
      'summary 2026-09-02',
      'summary 2026-10-02',
      'trends 2026-09-02',
      'trends 2026-10-02',
    ]);
    for (const r of sent) r.answer();
    await untilSettled();
    expect(
      sent
        .slice(4)
        .map((r) => r.what)
        .sort(),
    ).toEqual(['breakdown 2026-10-02', 'entry-exit-pages 2026-10-02', 'realtime']);
  });
});
