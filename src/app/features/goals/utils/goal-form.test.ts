import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { emptyGoalForm, goalBodyOf, goalFormResolver, type GoalFormValues } from './goal-form.js';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<GoalFormValues>;
const check = (v: Partial<GoalFormValues>) => goalFormResolver({ ...emptyGoalForm(), ...v }, undefined, options);

describe('goalBodyOf', () => {
  it("sends only the chosen kind's fields", () => {
    const typed = { name: 'Signup', page: '/pricing', event: 'Signup', target: '#cta', source: 'signup' };
    expect(goalBodyOf({ ...typed, kind: 'event' })).toEqual({ name: 'Signup', kind: 'event', event: 'Signup' });
    expect(goalBodyOf({ ...typed, kind: 'page' })).toEqual({ name: 'Signup', kind: 'page', page: '/pricing' });
    expect(goalBodyOf({ ...typed, kind: 'click' })).toEqual({
      name: 'Signup',
      kind: 'click',
      target: '#cta',
      page: '/pricing',
    });
  });
  it('leaves blank optional fields out', () => {
    expect(goalBodyOf({ ...emptyGoalForm('form'), name: 'Any form' })).toEqual({
      name: 'Any form',
      kind: 'form',
      target: undefined,
      source: undefined,
      page: undefined,
    });
    expect(goalBodyOf({ ...emptyGoalForm('click'), name: 'CTA', target: '#cta', page: '  ' })).toEqual({
      name: 'CTA',
      kind: 'click',
      target: '#cta',
      page: undefined,
    });
  });
});

describe('goalFormResolver', () => {
  it('passes a valid goal through the contract (trimmed)', async () => {
    expect((await check({ name: ' Blog ', kind: 'page', page: '/blog/**' })).values).toEqual({
      name: 'Blog',
      kind: 'page',
      page: '/blog/**',
    });
    expect((await check({ name: 'Any form', kind: 'form' })).values).toEqual({ name: 'Any form', kind: 'form' });
  });
  it("puts the contract's errors on the form's fields", async () => {
    const page = await check({ name: 'Blog', kind: 'page', page: 'blog' });
    expect(Object.keys(page.errors)).toEqual(['page']);
    expect(page.errors.page?.message).toMatch(/starting with \//);
    const click = await check({ name: '', kind: 'click', page: '/pricing?x=1' });
    expect(click.errors.name?.message).toBe('Required.');
    expect(click.errors.target?.message).toBe('Required.');
    expect(click.errors.page?.message).toMatch(/without query string/);
  });
  it("does not hold a hidden kind's field against the chosen one", async () => {
    expect((await check({ name: 'Signup', kind: 'event', event: 'Signup', page: 'not a path' })).errors).toEqual({});
  });
});
