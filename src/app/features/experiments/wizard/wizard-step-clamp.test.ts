import { describe, expect, it } from 'vitest';
import { blankChange, initialValues, type WizardValues } from './wizard-form.js';
import { clampStep, furthestStep, slugOfStep, stepOfSlug } from './wizard-step-clamp.js';
import { STEP, WIZARD_STEP_SLUGS, WIZARD_STEPS } from './wizard-steps.js';

/** Values good enough for every step but the name (which the review asks for). */
const ready = (): WizardValues => {
  const v = initialValues('/demo/pricing');
  v.variants = [{ label: 'Variant 1', url: '', changes: [{ ...blankChange(), selector: 'h1', value: 'Hi' }] }];
  return v;
};

describe('wizard step in the URL', () => {
  it('names each step once, in the wizard’s order', () => {
    expect(WIZARD_STEP_SLUGS.length).toBe(WIZARD_STEPS.length);
    expect(WIZARD_STEP_SLUGS.map((s) => STEP[s])).toEqual([0, 1, 2, 3, 4]);
    for (const [i, s] of WIZARD_STEP_SLUGS.entries()) {
      expect(stepOfSlug(s)).toBe(i);
      expect(slugOfStep(i)).toBe(s);
    }
    expect(stepOfSlug(undefined)).toBe(STEP.page);
  });
});

describe('furthest step the values allow', () => {
  it('is the page step while the page is missing or not a path', () => {
    expect(furthestStep(initialValues(''))).toBe(STEP.page);
    expect(furthestStep({ ...ready(), page: 'pricing' })).toBe(STEP.page);
  });

  it('is the changes step while a variant has no usable change', () => {
    expect(furthestStep(initialValues('/demo/pricing'))).toBe(STEP.changes);
    const v = ready();
    v.variants[0]!.changes[0]!.selector = '###';
    expect(furthestStep(v)).toBe(STEP.changes);
  });

  it('finds a redirect to the page itself (a cross-field rule) even with later fields missing too', () => {
    const v: WizardValues = { ...ready(), type: 'redirect', goal: 'destination_page', goal_target: '' };
    v.variants[0]!.url = '/demo/pricing';
    expect(furthestStep(v)).toBe(STEP.changes);
  });

  it('is the goal step while a goal needs a target or the days are not a number', () => {
    expect(furthestStep({ ...ready(), goal: 'destination_page', goal_target: '' })).toBe(STEP.goal);
    expect(furthestStep({ ...ready(), auto_stop: 'days', auto_stop_days: '' })).toBe(STEP.goal);
  });

  it('is the review once everything before it is filled in, named or not', () => {
    expect(furthestStep(ready())).toBe(STEP.review);
    expect(furthestStep({ ...ready(), name: 'Headline test' })).toBe(STEP.review);
  });
});

describe('clamping a requested step', () => {
  it('keeps a step the values reach and pulls back one they do not', () => {
    expect(clampStep(STEP.recommendations, ready())).toBe(STEP.recommendations);
    expect(clampStep(STEP.review, ready())).toBe(STEP.review);
    expect(clampStep(STEP.goal, initialValues('/demo/pricing'))).toBe(STEP.changes);
    expect(clampStep(STEP.review, initialValues(''))).toBe(STEP.page);
  });
});
