import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.js';
import { bodyPathToFormPath, createErrorTarget, serverErrorTarget, stepOfField } from './wizard-field-paths.js';
import { STEP } from './wizard-steps.js';
import { blankChange, initialValues, type WizardValues } from './wizard-form.js';

const values = (): WizardValues => {
  const v = initialValues('/demo/pricing');
  v.variants = [
    { label: 'A', url: '', changes: [{ ...blankChange(), selector: 'h1', op: 'text', value: 'Hi' }] },
    {
      label: 'B',
      url: '',
      changes: [
        {
          ...blankChange(),
          selector: '#cta',
          op: 'css',
          css: [
            { property: 'color', value: 'red' },
            { property: 'fontsize!', value: '1px' },
          ],
        },
      ],
    },
  ];
  return v;
};

describe('field path → wizard step', () => {
  it('sends each request field to the step that has its input', () => {
    expect(stepOfField('page')).toBe(STEP.page);
    expect(stepOfField('variants.1.changes.0.selector')).toBe(STEP.changes);
    expect(stepOfField('variants.0.url')).toBe(STEP.changes);
    expect(stepOfField('type')).toBe(STEP.changes);
    expect(stepOfField('goal_target')).toBe(STEP.goal);
    expect(stepOfField('auto_stop_days')).toBe(STEP.goal);
    expect(stepOfField('name')).toBe(STEP.review);
    expect(stepOfField('metrics.2.goal_target')).toBe(STEP.goal);
    expect(stepOfField('metrics')).toBe(STEP.goal);
  });
  it('sends fields without an input (body, content-type) to the review step', () => {
    expect(stepOfField('body')).toBe(STEP.review);
    expect(stepOfField('content-type')).toBe(STEP.review);
  });
});

describe('request path → form path', () => {
  it('keeps paths that are the same in form and body', () => {
    expect(bodyPathToFormPath('variants.1.changes.0.selector', values())).toBe('variants.1.changes.0.selector');
    expect(bodyPathToFormPath('variants.0.changes.0.value', values())).toBe('variants.0.changes.0.value');
  });
  it('blames a css property on its row: the name box for a bad key, the value box otherwise', () => {
    expect(bodyPathToFormPath('variants.1.changes.0.value.fontsize!', values(), 'key')).toBe(
      'variants.1.changes.0.css.1.property',
    );
    expect(bodyPathToFormPath('variants.1.changes.0.value.color', values())).toBe('variants.1.changes.0.css.0.value');
  });
  it('falls back to the css rows as a whole when no row has that property', () => {
    expect(bodyPathToFormPath('variants.1.changes.0.value.margin', values())).toBe('variants.1.changes.0.css');
    expect(bodyPathToFormPath('variants.1.changes.0.value', values())).toBe('variants.1.changes.0.css');
  });
});

describe('server error → field', () => {
  it('maps details.field onto the form field and its step, without the field prefix', () => {
    expect(
      serverErrorTarget('variants.1.changes.0.selector', 'variants.1.changes.0.selector: no such element', values()),
    ).toEqual({
      path: 'variants.1.changes.0.selector',
      step: STEP.changes,
      message: 'no such element',
    });
    expect(
      serverErrorTarget(
        'variants.1.changes.0.value.fontsize!',
        'variants.1.changes.0.value.fontsize!: Invalid key in record',
        values(),
      ).path,
    ).toBe('variants.1.changes.0.css.1.property');
  });
  it('puts errors without a form field on the whole form, at the review step', () => {
    expect(serverErrorTarget('body', 'body: Unexpected end of JSON input', values())).toEqual({
      path: null,
      step: STEP.review,
      message: 'Unexpected end of JSON input',
    });
    expect(serverErrorTarget(undefined, 'the server failed', values())).toEqual({
      path: null,
      step: STEP.review,
      message: 'the server failed',
    });
  });
});

describe('a refused metric → its field', () => {
  it('puts a bad target beside that metric’s target box, and a repeated metric beside its goal box', () => {
    expect(
      serverErrorTarget(
        'metrics.1.goal_target',
        "metrics.1.goal_target: choose one of the property's goals: its id (gol_…)",
        values(),
      ),
    ).toEqual({
      path: 'metrics.1.goal_target',
      step: STEP.goal,
      message: "choose one of the property's goals: its id (gol_…)",
    });
    expect(serverErrorTarget('metrics.0', 'metrics.0: already measured', values())).toEqual({
      path: 'metrics.0.goal',
      step: STEP.goal,
      message: 'already measured',
    });
    // Six metrics is refused on the list: the section's own message.
    expect(serverErrorTarget('metrics', 'metrics: Too big', values()).path).toBe('metrics');
  });
});

describe('failed create → what the wizard shows', () => {
  it('puts a refusal about a field beside that field', () => {
    const error = new ApiError(400, 'invalid_request', 'name: too long', 'name');
    expect(createErrorTarget(error, values())).toEqual({ path: 'name', step: STEP.review, message: 'too long' });
  });
  it('words other API failures for the whole form', () => {
    expect(createErrorTarget(new ApiError(400, 'invalid_request', 'body: bad JSON', 'body'), values()).message).toBe(
      'The server refused the experiment: bad JSON',
    );
    expect(createErrorTarget(new ApiError(0, 'network_error', 'Could not reach the server.'), values())).toEqual({
      path: null,
      step: STEP.review,
      message: 'Could not reach the server.',
    });
  });
  it('says so in words when something other than the API failed, instead of throwing it on', () => {
    const target = createErrorTarget(
      new TypeError("Cannot read properties of undefined (reading 'experiment_id')"),
      values(),
    );
    expect(target.path).toBeNull();
    expect(target.step).toBe(STEP.review);
    expect(target.message).toBe(
      "The experiment could not be created: the dashboard hit an unexpected error (Cannot read properties of undefined (reading 'experiment_id')). Reload the page and try again.",
    );
    expect(createErrorTarget('boom', values()).message).toBe(
      'The experiment could not be created: the dashboard hit an unexpected error. Reload the page and try again.',
    );
  });
});
