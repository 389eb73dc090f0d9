import { describe, expect, it } from 'vitest';
import { checkSteps, stepOfField } from './step-errors.js';

describe('checkSteps (the server schema, in words)', () => {
  it('passes valid paths through as API steps', () => {
    expect(checkSteps(['/', '/pricing'])).toEqual({ steps: [{ page: '/' }, { page: '/pricing' }], errors: {} });
  });

  it('names each bad step by its index', () => {
    const { steps, errors } = checkSteps(['/', 'pricing', '', '/a?b=1']);
    expect(steps).toBeNull();
    expect(Object.keys(errors)).toEqual(['1', '2', '3']);
    expect(errors[1]).toBe('Use a path starting with /, without query string or fragment.');
    expect(errors[2]).toBe('Enter a page path, e.g. /pricing.');
    expect(errors[3]).toBe(errors[1]);
  });

  it('refuses a path longer than the API takes', () => {
    expect(checkSteps([`/${'x'.repeat(1024)}`]).errors[0]).toBe('Keep the path under 1,024 characters.');
  });

  it('refuses an empty funnel', () => {
    expect(checkSteps([]).steps).toBeNull();
  });
});

describe('stepOfField', () => {
  it('maps the server field of a step error back to the step', () => {
    expect(stepOfField('steps.2.page')).toBe(2);
    expect(stepOfField('steps.0')).toBe(0);
    expect(stepOfField('steps')).toBeNull();
    expect(stepOfField('name')).toBeNull();
    expect(stepOfField(undefined)).toBeNull();
  });
});
