import { describe, expect, it } from 'vitest';
import type { Recommendation } from '../../../../contract/recommendations.js';
import type { Connection } from '../../../lib/connection.js';
import { isBlankDraft, parseDraft, serializeDraft, wizardDraftKey, type WizardDraft } from './wizard-draft.js';
import { blankChange, blankVariant, initialValues } from './wizard-form.js';

const rec: Recommendation = {
  id: 'r1',
  title: 'Make the CTA stand out',
  element_selector: '#cta',
  element_type: 'button',
  change_type: 'css',
  control_value: '{}',
  variant_value: '{"color":"red"}',
  confidence_score: 43,
  expected_impact: 'Low: <3%',
  evidence: ['bounce 61%'],
};

const draft = (): WizardDraft => {
  const values = initialValues('/demo/pricing');
  values.variants = [
    {
      label: 'Variant 1',
      url: '',
      changes: [
        { ...blankChange(), rec_id: 'r1', selector: '#cta', op: 'css', css: [{ property: 'color', value: 'red' }] },
      ],
    },
    { ...blankVariant(2), label: 'Short headline' },
  ];
  values.goal = 'destination_page';
  values.goal_target = '/demo/signup';
  values.metrics = [{ goal: 'revenue', goal_target: '', role: 'guardrail' }];
  return { values, chosen: { page: '/demo/pricing', recs: [rec] } };
};

describe('wizard draft in sessionStorage', () => {
  it('comes back exactly as it was written', () => {
    expect(parseDraft(serializeDraft(draft()))).toEqual(draft());
  });

  it('is dropped when missing, not JSON, or not the form’s shape', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{"version":1,')).toBeNull();
    expect(parseDraft('null')).toBeNull();
    const stored = JSON.parse(serializeDraft(draft()));
    expect(parseDraft(JSON.stringify({ ...stored, values: { ...stored.values, goal: 'world_peace' } }))).toBeNull();
    expect(parseDraft(JSON.stringify({ ...stored, values: { ...stored.values, variants: [] } }))).toBeNull();
    expect(parseDraft(JSON.stringify({ ...stored, values: { ...stored.values, auto_stop_days: 30 } }))).toBeNull();
    expect(
      parseDraft(JSON.stringify({ ...stored, chosen: { page: '/demo/pricing', recs: [{ id: 'r1' }] } })),
    ).toBeNull();
  });

  it('is dropped when written by an older shape of the form', () => {
    const stored = JSON.parse(serializeDraft(draft()));
    expect(parseDraft(JSON.stringify({ ...stored, version: 0 }))).toBeNull();
    const { version: _, ...unversioned } = stored;
    expect(parseDraft(JSON.stringify(unversioned))).toBeNull();
  });

  it('loads a draft saved before more metrics, with none', () => {
    const stored = JSON.parse(serializeDraft(draft()));
    const { metrics: _, ...older } = stored.values;
    expect(parseDraft(JSON.stringify({ ...stored, values: older }))?.values).toEqual({
      ...draft().values,
      metrics: [],
    });
    expect(
      parseDraft(
        JSON.stringify({ ...stored, values: { ...stored.values, metrics: [{ goal: 'revenue', role: 'x' }] } }),
      ),
    ).toBeNull();
  });

  it('leaves out keys the form does not have', () => {
    const stored = JSON.parse(serializeDraft(draft()));
    expect(parseDraft(JSON.stringify({ ...stored, values: { ...stored.values, extra: 1 } }))?.values).toEqual(
      draft().values,
    );
  });

  it('counts as blank only with nothing typed and nothing chosen', () => {
    expect(isBlankDraft({ values: initialValues(''), chosen: { page: '', recs: [] } })).toBe(true);
    expect(isBlankDraft({ values: initialValues('/a'), chosen: { page: '', recs: [] } })).toBe(false);
    expect(isBlankDraft({ values: initialValues(''), chosen: { page: '', recs: [rec] } })).toBe(false);
  });

  it('is kept apart per property and per connection', () => {
    const session: Connection = { mode: 'session' };
    const key: Connection = {
      mode: 'key',
      baseUrl: 'https://a.example',
      key: 'sk_live_abcdef123456',
      propertyIds: ['acme-shop'],
    };
    expect(wizardDraftKey(session, 'acme-shop')).toBe('sightline.wizard-draft:session:acme-shop');
    expect(wizardDraftKey(session, 'acme-docs')).not.toBe(wizardDraftKey(session, 'acme-shop'));
    expect(wizardDraftKey(key, 'acme-shop')).toBe('sightline.wizard-draft:key:https://a.example:123456:acme-shop');
  });
});
