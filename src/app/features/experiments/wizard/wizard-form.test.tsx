// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { experimentNewSearch } from '../../../routes/experiment-new.js';
import { renderAt, TEST_PROPERTY, testConnection } from '../../../test-support/render.js';
import { ExperimentWizardPage } from './experiment-wizard-page.js';
import { errorId } from './wizard-field.js';
import { blankChange, initialValues, type WizardValues } from './wizard-form.js';
import { serializeDraft, wizardDraftKey } from './wizard-draft.js';
import type { WizardStepSlug } from './wizard-steps.js';

/** Opens the wizard at `step` on a draft this tab kept (the way a reload finds it). */
function renderWizard(step: WizardStepSlug | undefined, values: WizardValues) {
  sessionStorage.setItem(
    wizardDraftKey(testConnection, TEST_PROPERTY),
    serializeDraft({ values, chosen: { page: values.page, recs: [] } }),
  );
  return renderAt(ExperimentWizardPage, {
    path: '/experiments/new',
    search: step ? { step } : {},
    validateSearch: (raw) => experimentNewSearch.parse(raw),
  });
}

const stepHeading = () => document.getElementById('wizard-step-title')!.textContent;
const errorOf = (path: string) => document.getElementById(errorId(path))?.textContent ?? '';

describe('experiment wizard form', () => {
  it('Next is blocked on an invalid step: a blank page path stays on Page and says why', async () => {
    const { user, urlSearch } = await renderWizard(undefined, initialValues(''));
    await screen.findByRole('heading', { name: 'Page' });
    expect(errorOf('page')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expect.poll(() => errorOf('page')).not.toBe('');
    expect(stepHeading()).toBe('Page');
    expect(urlSearch().step).toBe('page');
    expect(screen.getByLabelText('Page path').getAttribute('aria-invalid')).toBe('true');
  });

  it('a blank selector says Required and keeps the person on Changes', async () => {
    const values = initialValues('/pricing');
    values.variants[0]!.changes = [{ ...blankChange(), selector: '   ' }];
    const { user, urlSearch } = await renderWizard('changes', values);
    await screen.findByRole('heading', { name: 'Changes' });
    // Nothing is a mistake before the person asks to move on.
    expect(errorOf('variants.0.changes.0.selector')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await expect.poll(() => errorOf('variants.0.changes.0.selector')).toBe('Required');
    expect(stepHeading()).toBe('Changes');
    expect(urlSearch().step).toBe('changes');
  });

  it('a 600-character name says At most 200 characters, and Create does not send it', async () => {
    const values = { ...initialValues('/pricing'), name: 'Pricing headline' };
    values.variants[0]!.changes = [{ ...blankChange(), selector: 'h1', value: 'Start free today' }];
    const { user, writes } = await renderWizard('review', values);
    await screen.findByRole('heading', { name: 'Review' });
    fireEvent.change(screen.getByLabelText('Experiment name'), { target: { value: 'n'.repeat(600) } });
    await expect.poll(() => errorOf('name')).toBe('At most 200 characters (this has 600)');
    await user.click(screen.getByRole('button', { name: 'Create experiment' }));
    expect(writes()).toEqual([]);
    expect(errorOf('name')).toBe('At most 200 characters (this has 600)');
  });
});
