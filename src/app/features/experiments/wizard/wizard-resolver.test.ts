import { get } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { createExperimentBody } from '../../../../contract/experiments.js';
import { blankChange, initialValues, toCreateBody, type WizardValues } from './wizard-form.js';
import { wizardResolver } from './wizard-resolver.js';

const valid = (): WizardValues => {
  const v = initialValues('/demo/pricing');
  v.name = 'Trial button';
  v.variants = [
    {
      label: 'Green',
      url: '',
      changes: [
        { ...blankChange(), selector: '#cta', op: 'css', css: [{ property: 'backgroundColor', value: '#047857' }] },
      ],
    },
  ];
  return v;
};
const validate = (v: WizardValues) => wizardResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false });
/** The form's verdict must be the server's: the server parses the same body with the same schema. */
const serverAccepts = (v: WizardValues) => createExperimentBody.safeParse(toCreateBody(v)).success;

describe('the wizard validates with the server’s rules', () => {
  it('accepts a valid form and hands over the parsed request body', async () => {
    const v = valid();
    const result = await validate(v);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      name: 'Trial button',
      page: '/demo/pricing',
      type: 'nocode',
      goal: 'click_through',
      minimum_detectable_effect: 0.1,
      min_days: 7,
      variants: [{ label: 'Green', changes: [{ selector: '#cta', op: 'css', value: { backgroundColor: '#047857' } }] }],
    });
    expect(serverAccepts(v)).toBe(true);
  });

  const cases: [string, (v: WizardValues) => void, string, RegExp][] = [
    [
      'an empty selector',
      (v) => {
        v.variants[0]!.changes[0]!.selector = '';
      },
      'variants.0.changes.0.selector',
      /Required/,
    ],
    [
      'a blank selector',
      (v) => {
        v.variants[0]!.changes[0]!.selector = '   ';
      },
      'variants.0.changes.0.selector',
      /^Required$/,
    ],
    [
      'a selector that is not CSS, in words',
      (v) => {
        v.variants[0]!.changes[0]!.selector = '###';
      },
      'variants.0.changes.0.selector',
      /^not a valid CSS selector: “#” must be followed by an id name, e\.g\. #signup, but “#” follows it$/,
    ],
    [
      'a pseudo-element selector',
      (v) => {
        v.variants[0]!.changes[0]!.selector = '#cta::before';
      },
      'variants.0.changes.0.selector',
      /pseudo-element/,
    ],
    [
      'a kebab-case css property, on its row',
      (v) => {
        v.variants[0]!.changes[0]!.css[0]!.property = 'background-color';
      },
      'variants.0.changes.0.css.0.property',
      /camel case/,
    ],
    [
      'a css value over 500 characters, on its row',
      (v) => {
        v.variants[0]!.changes[0]!.css[0]!.value = 'x'.repeat(501);
      },
      'variants.0.changes.0.css.0.value',
      /500/,
    ],
    [
      'a value for a delete change',
      (v) => {
        Object.assign(v.variants[0]!.changes[0]!, { op: 'delete', value: 'x' });
      },
      'variants.0.changes.0.value',
      /empty string/,
    ],
    [
      'a variant without changes',
      (v) => {
        v.variants[0]!.changes = [];
      },
      'variants.0.changes',
      /1/,
    ],
    [
      'a page that is not a path',
      (v) => {
        v.page = 'pricing';
      },
      'page',
      /starting with \//,
    ],
    [
      'a blank name',
      (v) => {
        v.name = '   ';
      },
      'name',
      /Required/,
    ],
    [
      'a 600-character name',
      (v) => {
        v.name = 'n'.repeat(600);
      },
      'name',
      /^At most 200 characters \(this has 600\)$/,
    ],
    [
      'auto-stop after 0 days',
      (v) => {
        v.auto_stop = 'days';
        v.auto_stop_days = '';
      },
      'auto_stop_days',
      /1/,
    ],
    [
      'auto-stop after 400 days',
      (v) => {
        v.auto_stop = 'days';
        v.auto_stop_days = '400';
      },
      'auto_stop_days',
      /365/,
    ],
    [
      'a destination goal without its page',
      (v) => {
        v.goal = 'destination_page';
      },
      'goal_target',
      /required/,
    ],
    [
      'a session time that is not whole seconds',
      (v) => {
        v.goal = 'session_time';
        v.goal_target = '1.5';
      },
      'goal_target',
      /whole seconds/,
    ],
    [
      'a redirect to the test page itself',
      (v) => {
        v.type = 'redirect';
        v.variants[0]!.url = '/demo/pricing';
      },
      'variants.0.url',
      /differ/,
    ],
    [
      'two redirects to one URL',
      (v) => {
        v.type = 'redirect';
        v.variants = [
          { label: 'a', url: '/a', changes: [] },
          { label: 'b', url: '/a', changes: [] },
        ];
      },
      'variants.1.url',
      /unique/,
    ],
    [
      'eleven variants',
      (v) => {
        v.variants = Array.from({ length: 11 }, () => valid().variants[0]!);
      },
      'variants',
      /10/,
    ],
    [
      'a metric that repeats the goal, on its goal box',
      (v) => {
        v.metrics = [{ goal: 'click_through', goal_target: '', role: 'guardrail' }];
      },
      'metrics.0.goal',
      /already measured/,
    ],
    [
      'a goal metric without one of the property’s goals',
      (v) => {
        v.metrics = [
          { goal: 'revenue', goal_target: '', role: 'secondary' },
          { goal: 'goal', goal_target: '', role: 'secondary' },
        ];
      },
      'metrics.1.goal_target',
      /property's goals/,
    ],
    [
      'six metrics',
      (v) => {
        v.metrics = Array.from({ length: 6 }, (_, i) => ({
          goal: 'destination_page' as const,
          goal_target: `/p${i}`,
          role: 'secondary' as const,
        }));
      },
      'metrics',
      /5/,
    ],
  ];
  it.each(cases)('rejects %s, as the server does', async (_, spoil, path, message) => {
    const v = valid();
    spoil(v);
    expect(serverAccepts(v)).toBe(false);
    const { errors } = await validate(v);
    const error: { message?: string } | undefined = get(errors, path) ?? get(errors, `${path}.root`);
    expect(error?.message, JSON.stringify(errors)).toMatch(message);
  });
});
