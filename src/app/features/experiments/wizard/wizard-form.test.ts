import { describe, expect, it } from 'vitest';
import { createExperimentBody } from '../../../../contract/experiments.js';
import type { Recommendation } from '../../../../contract/recommendations.js';
import {
  applyChosenRecommendations,
  blankChange,
  blankMetric,
  initialValues,
  recommendationToFormChange,
  toCreateBody,
} from './wizard-form.js';

const rec = (id: string, over: Partial<Recommendation> = {}): Recommendation => ({
  id,
  title: 'Make the CTA stand out',
  element_selector: '#cta-start-trial',
  element_type: 'button',
  change_type: 'css',
  control_value: '{}',
  variant_value: '{"backgroundColor":"#1d4ed8","fontSize":"18px"}',
  confidence_score: 43,
  expected_impact: 'Low: <3%',
  ...over,
});

describe('recommendation → change in the form', () => {
  it('turns a css recommendation into property rows', () => {
    expect(recommendationToFormChange(rec('r1'))).toEqual({
      rec_id: 'r1',
      selector: '#cta-start-trial',
      op: 'css',
      value: '',
      css: [
        { property: 'backgroundColor', value: '#1d4ed8' },
        { property: 'fontSize', value: '18px' },
      ],
    });
  });
  it('turns a text recommendation into a text change', () => {
    const change = recommendationToFormChange(
      rec('r2', { change_type: 'text', element_selector: 'h1', variant_value: 'Start free' }),
    );
    expect(change).toMatchObject({ rec_id: 'r2', selector: 'h1', op: 'text', value: 'Start free' });
  });
  it('gives the same body change as the server’s mapping', () => {
    const v = initialValues('/demo/pricing');
    v.name = 'CTA';
    v.variants[0]!.changes = [recommendationToFormChange(rec('r1'))];
    expect(toCreateBody(v).variants).toEqual([
      {
        label: 'Variant 1',
        changes: [{ selector: '#cta-start-trial', op: 'css', value: { backgroundColor: '#1d4ed8', fontSize: '18px' } }],
      },
    ]);
  });
});

describe('choosing recommendations', () => {
  it('adds newly chosen ones, drops unchosen ones and keeps hand-made changes', () => {
    const manual = { ...blankChange(), selector: 'h1', value: 'Hello' };
    const first = applyChosenRecommendations([manual], [rec('a'), rec('b')]);
    expect(first.map((c) => c.rec_id)).toEqual(['', 'a', 'b']);
    const edited = first.map((c) => (c.rec_id === 'a' ? { ...c, selector: '#edited' } : c));
    const second = applyChosenRecommendations(edited, [rec('a')]);
    expect(second.map((c) => [c.rec_id, c.selector])).toEqual([
      ['', 'h1'],
      ['a', '#edited'],
    ]);
  });
  it('leaves one blank change to fill in when nothing is chosen', () => {
    expect(applyChosenRecommendations([], [])).toEqual([blankChange()]);
  });
});

describe('form → request body', () => {
  it('leaves blank optional fields out and sends auto-stop days as a number', () => {
    const v = initialValues('/demo/pricing');
    v.name = 'x';
    v.variants = [{ label: ' ', url: '/demo/other', changes: [] }];
    v.type = 'redirect';
    v.auto_stop = 'days';
    v.auto_stop_days = '14';
    v.goal_target = 'ignored: click_through takes no target';
    v.minimum_detectable_effect = ' ';
    v.min_days = '';
    const body = toCreateBody(v);
    expect(body).toEqual({
      name: 'x',
      page: '/demo/pricing',
      type: 'redirect',
      goal: 'click_through',
      goal_target: undefined,
      auto_stop_days: 14,
      minimum_detectable_effect: undefined,
      min_days: undefined,
      variants: [{ label: undefined, url: '/demo/other' }],
    });
    expect(createExperimentBody.safeParse(body).success).toBe(true);
  });

  it('sends the plan: the smallest change in percent as a fraction, the days as a number', () => {
    const v = initialValues('/demo/pricing');
    v.name = 'Plan';
    expect([v.minimum_detectable_effect, v.min_days]).toEqual(['10', '7']);
    v.minimum_detectable_effect = '20';
    v.min_days = '14';
    expect(toCreateBody(v)).toMatchObject({ minimum_detectable_effect: 0.2, min_days: 14 });
    v.min_days = 'soon';
    const parsed = createExperimentBody.safeParse({
      ...toCreateBody(v),
      variants: [{ url: '/demo/b' }],
      type: 'redirect',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['min_days']);
  });

  it('sends more metrics only when there are rows, each with its role and only the targets a metric takes', () => {
    const v = initialValues('/demo/pricing');
    v.name = 'Metrics';
    v.type = 'redirect';
    v.variants = [{ label: 'B', url: '/demo/b', changes: [] }];
    expect(toCreateBody(v)).not.toHaveProperty('metrics');
    v.metrics = [
      { goal: 'revenue', goal_target: '', role: 'guardrail' },
      { goal: 'destination_page', goal_target: '/demo/signup', role: 'secondary' },
      // A threshold does not change the time per visitor a metric compares, so none is sent.
      { goal: 'session_time', goal_target: '30', role: 'secondary' },
    ];
    v.currency = 'EUR';
    const body = toCreateBody(v);
    expect(body.metrics).toEqual([
      { goal: 'revenue', goal_target: undefined, role: 'guardrail' },
      { goal: 'destination_page', goal_target: '/demo/signup', role: 'secondary' },
      { goal: 'session_time', goal_target: undefined, role: 'secondary' },
    ]);
    // The revenue metric is what makes the currency count on a click test.
    expect(body.currency).toBe('EUR');
    expect(createExperimentBody.safeParse(body).success).toBe(true);
  });

  it('refuses a metric that repeats the goal on its goal box, and a missing target on its target box', () => {
    const v = initialValues('/demo/pricing');
    v.name = 'Metrics';
    v.type = 'redirect';
    v.variants = [{ label: 'B', url: '/demo/b', changes: [] }];
    v.metrics = [
      { goal: 'click_through', goal_target: '', role: 'secondary' },
      { goal: 'destination_page', goal_target: ' ', role: 'guardrail' },
    ];
    const parsed = createExperimentBody.safeParse(toCreateBody(v));
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['metrics.0', 'already measured: the test’s goal or another of its metrics counts the same'],
      ['metrics.1.goal_target', 'required for the destination_page goal'],
    ]);
  });
});

describe('a new metric row', () => {
  it('offers the first goal the test does not measure yet, so it is never a repeat to start with', () => {
    expect(blankMetric({ goal: 'click_through', metrics: [] })).toEqual({
      goal: 'revenue',
      goal_target: '',
      role: 'secondary',
    });
    expect(blankMetric({ goal: 'revenue', metrics: [] }).goal).toBe('bounce_rate');
    const taken = (['bounce_rate', 'session_time', 'form_submission'] as const).map((goal) => ({
      goal,
      goal_target: '',
      role: 'secondary' as const,
    }));
    expect(blankMetric({ goal: 'revenue', metrics: taken }).goal).toBe('click_through');
  });
});
