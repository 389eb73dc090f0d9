// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ViewGate } from '../../../components/view-gate.js';
import { renderAt } from '../../../test-support/render.js';
import { BreakdownTabs } from './breakdown-tabs.js';

const referrer = (name: string, sessions: number, share: number) => ({
  referrer: name,
  sessions,
  page_views: sessions * 2,
  share,
});
const answer = (referrers: ReturnType<typeof referrer>[]) => ({
  data: {
    utm: [],
    countries: [],
    devices: [],
    browsers: [],
    operating_systems: [],
    landing_pages: [],
    referrers,
  },
});

describe('BreakdownTabs', () => {
  it('keeps a focused row link on its value when a refresh reorders the rows', async () => {
    const { user, queryClient } = await renderAt(() => <ViewGate>{(view) => <BreakdownTabs view={view} />}</ViewGate>, {
      path: '/traffic',
    });
    await user.click(await screen.findByRole('tab', { name: 'Referrers' }));
    const key = queryClient
      .getQueryCache()
      .findAll()
      .find((q) => q.queryKey.includes('breakdown'))!.queryKey;
    // A segment's answer: google.com alone, first row.
    act(() => queryClient.setQueryData(key, answer([referrer('google.com', 40, 1)])));
    const panel = screen.getByRole('tabpanel');
    (await within(panel).findByRole('link', { name: 'google.com' })).focus();
    // Then the whole site's: google.com is second now.
    act(() => queryClient.setQueryData(key, answer([referrer('unknown', 100, 0.7), referrer('google.com', 40, 0.3)])));
    await within(panel).findByRole('link', { name: '(direct)' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['(direct)', 'google.com']);
    expect(document.activeElement?.textContent).toBe('google.com');
  });
});
