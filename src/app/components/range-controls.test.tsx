// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test-support/render.js';
import { RangeControls } from './range-controls.js';

const renderControls = (search: Record<string, unknown> = {}) =>
  renderAt(() => <RangeControls />, { path: '/traffic', search });
/** The controls render once the property list (from the key connection) has given a view. */
const rangeSelect = () => screen.findByRole('combobox', { name: 'Date range' });

describe('RangeControls', () => {
  it('a preset is written to the URL and drops the custom dates and granularity', async () => {
    const { user, urlSearch } = await renderControls({
      range: 'custom',
      from: '2026-01-01',
      to: '2026-01-10',
      granularity: 'week',
    });
    await user.selectOptions(await rangeSelect(), 'Last 7 days');
    expect(urlSearch()).toMatchObject({ range: '7d' });
    expect(urlSearch().from).toBeUndefined();
    expect(urlSearch().to).toBeUndefined();
    expect(urlSearch().granularity).toBeUndefined();
    expect(screen.queryByLabelText('From')).toBeNull();
  });

  it('Custom… opens on the dates on screen, so the calendars start somewhere sensible', async () => {
    const { user, urlSearch } = await renderControls({ range: '7d' });
    await user.selectOptions(await rangeSelect(), 'Custom…');
    const { from, to } = urlSearch() as { from: string; to: string };
    expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Seven days ending today: the start is six days before the end.
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(from);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(to);
  });

  it('a custom range with from after to is shown the way round that makes sense, To never before From', async () => {
    await renderControls({ range: 'custom', from: '2026-03-10', to: '2026-03-01' });
    await rangeSelect();
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2026-03-01', '2026-03-10']);
    expect(to.min).toBe('2026-03-01');
  });

  it('a custom range wholly after today says nothing has been recorded yet', async () => {
    await renderControls({ range: 'custom', from: '2999-01-01', to: '2999-01-05' });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('starts after today'),
    );
  });

  it('hours are not offered over a quarter (too many buckets)', async () => {
    await renderControls({ range: '90d' });
    await rangeSelect();
    const granularity = screen.getByRole('combobox', { name: 'Granularity' });
    expect((within(granularity).getByRole('option', { name: 'Hour' }) as HTMLOptionElement).disabled).toBe(true);
    expect((within(granularity).getByRole('option', { name: 'Day' }) as HTMLOptionElement).disabled).toBe(false);
  });
});

describe('Compare with', () => {
  const compareSelect = () => screen.findByRole('combobox', { name: 'Compare with' });

  it('a choice is written to the URL; the default (previous period) leaves it out', async () => {
    const { user, urlSearch } = await renderControls({ comparison: 'none' });
    await user.selectOptions(await compareSelect(), 'Same dates last year');
    expect(urlSearch().comparison).toBe('year');
    await user.selectOptions(await compareSelect(), 'Previous period');
    expect(urlSearch().comparison).toBeUndefined();
  });

  it('Custom dates… starts from the compared period on screen and shows its two dates', async () => {
    const { user, urlSearch } = await renderControls({ range: 'custom', from: '2026-03-08', to: '2026-03-14' });
    await user.selectOptions(await compareSelect(), 'Custom dates…');
    // The previous period of a week is the week before it.
    expect(urlSearch()).toMatchObject({ comparison: 'custom', compare_from: '2026-03-01', compare_to: '2026-03-07' });
    expect((screen.getByLabelText('Compare from') as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText('Compare until') as HTMLInputElement).value).toBe('2026-03-07');
  });

  it('"Show on chart" is offered only when there is something to compare with', async () => {
    const { user } = await renderControls();
    expect(await screen.findByLabelText('Show on chart')).toBeTruthy();
    await user.selectOptions(await compareSelect(), 'Nothing');
    expect(screen.queryByLabelText('Show on chart')).toBeNull();
  });
});
