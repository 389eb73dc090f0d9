// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Goal } from '../../../../contract/goals.js';
import { renderAt, testScope } from '../../../test-support/render.js';
import { goalsListQueryOptions } from '../../goals/api/goals-queries.js';
import { funnelSearch } from '../utils/funnel-search.js';
import { FunnelsPage } from './funnels-page.js';

const signup: Goal = {
  id: 'goal_signup',
  name: 'Signed up',
  created_at: '2026-01-01T00:00:00Z',
  kind: 'event',
  event: 'signup',
} as Goal;

/** The whole page (builder, save form), so the rules that span them (the save hint) are checked too; reports stay loading. */
const renderFunnels = (search: Record<string, unknown> = {}) =>
  renderAt(FunnelsPage, {
    path: '/funnels',
    search,
    validateSearch: (raw) => funnelSearch.parse(raw),
    seed: (qc) => qc.setQueryData(goalsListQueryOptions(testScope()).queryKey, { data: [signup] }),
  });

// A path input offers the observed pages (a datalist), which makes it a combobox to assistive technology.
const stepInput = (n: number) => screen.getByLabelText(`Step ${n}`) as HTMLInputElement;
const stepValues = () => [...document.querySelectorAll<HTMLInputElement>('.funnel-steps input')].map((i) => i.value);
const saveError = () => document.getElementById('funnel-save-error')!.textContent;
const saveHint = 'Saving opens once every step above has a page.';

describe('funnel builder', () => {
  it('an empty builder is where everyone starts: a plain hint, no error, Save off', async () => {
    const { user } = await renderFunnels();
    await screen.findByRole('heading', { name: 'Steps' });
    expect(stepValues()).toEqual(['']);
    expect(screen.getByText(saveHint)).toBeTruthy();
    expect(saveError()).toBe('');
    expect(screen.queryByText('Enter a page path, e.g. /pricing.')).toBeNull();
    expect((screen.getByRole('button', { name: 'Save funnel' }) as HTMLButtonElement).disabled).toBe(true);
    // Leaving the empty step is what makes it a mistake worth naming.
    await user.click(stepInput(1));
    await user.tab();
    expect(stepInput(1).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a page path, e.g. /pricing.')).toBeTruthy();
  });

  it('adding steps: the new one takes focus, the count and the URL follow what is typed', async () => {
    const { user, urlSearch } = await renderFunnels();
    await screen.findByRole('heading', { name: 'Steps' });
    await user.type(stepInput(1), '/');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    expect(document.activeElement).toBe(stepInput(2));
    expect(screen.getByText(/^2 of \d+$/)).toBeTruthy();
    await user.keyboard('/pricing');
    await expect.poll(() => urlSearch().steps).toEqual(['/', '/pricing']);
    // Complete steps open saving: the hint goes.
    expect(screen.queryByText(saveHint)).toBeNull();
    expect((screen.getByRole('button', { name: 'Save funnel' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('an incomplete save attempt names what is missing', async () => {
    const { user } = await renderFunnels({ steps: ['/', '/pricing'] });
    await user.click(await screen.findByRole('button', { name: 'Save funnel' }));
    expect(saveError()).toBe('Give the funnel a name (up to 200 characters).');
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('reordering and removing: steps move with their text, the end buttons are off, a person is told', async () => {
    const { user, urlSearch } = await renderFunnels({ steps: ['/', '/pricing', '/signup'] });
    await screen.findByRole('heading', { name: 'Steps' });
    expect((screen.getByRole('button', { name: 'Move step 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move step 3 down' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move step 3 up' }));
    expect(stepValues()).toEqual(['/', '/signup', '/pricing']);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('/signup is now step 2.');
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(stepValues()).toEqual(['/signup', '/pricing']);
    await expect.poll(() => urlSearch().steps).toEqual(['/signup', '/pricing']);
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    // The last step stays: a funnel has at least one.
    expect((screen.getByRole('button', { name: 'Remove step 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a step is a page or a goal; switching back brings the typed path again', async () => {
    const { user, urlSearch } = await renderFunnels({ steps: ['/', '/pricing'] });
    const kind = await screen.findByRole('combobox', { name: 'Step 2 is a' });
    await user.selectOptions(kind, 'Goal');
    const goal = screen.getByRole('combobox', { name: 'Step 2' }) as HTMLSelectElement;
    expect(goal.value).toBe('');
    // No goal picked yet: not savable.
    expect(screen.getByText(saveHint)).toBeTruthy();
    await user.selectOptions(goal, 'Signed up · Event signup');
    await expect.poll(() => urlSearch().steps).toEqual(['/', { goal: 'goal_signup' }]);
    expect(screen.queryByText(saveHint)).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Step 2 is a' }), 'Page');
    expect(stepInput(2).value).toBe('/pricing');
  });
});
