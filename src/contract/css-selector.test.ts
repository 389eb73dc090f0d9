import { describe, expect, it } from 'vitest';
import { selectorProblem } from './css-selector.js';
import { change, createExperimentBody } from './experiments.js';

// Each verdict was checked against Chromium's document.querySelectorAll (throws = refused).
const valid = [
  '#cta-start-trial',
  'a.signup-link',
  'section.section article.card:nth-of-type(1) > h3',
  '[data-track="pricing-pro"]',
  '[data-track="say \\"hi\\""]',
  'h1',
  'button[type=submit]',
  'a:hover',
  'a, button',
  'div:has(> p)',
  'a:not(.x)',
  'li:nth-child(2n+1)',
  'li:nth-child(2 of .x)',
  'a[href^="https://"]',
  'a[href=x i]',
  '#\\31 abc',
  'main ~ footer',
  '*',
];
const invalid: [string, RegExp][] = [
  ['###', /^not a valid CSS selector: expected ID name \(at character 2\)$/],
  ['a[', /^not a valid CSS selector: expected attribute name/],
  ['>', /^not a valid CSS selector: expected a selector but ">" found \(at character 1\)$/],
  ['div >', /^not a valid CSS selector: .*end of input/],
  [':nth-child(', /^not a valid CSS selector/],
  ['a,', /^not a valid CSS selector/],
  ['a >> b', /^not a valid CSS selector/],
  ['#1abc', /^not a valid CSS selector/],
  ['a:hovr', /^not a valid CSS selector: unknown pseudo-class: "hovr"/],
  ['a[x="y]', /^not a valid CSS selector/],
  ['a;b', /^not a valid CSS selector/],
  ['   ', /^not a valid CSS selector/],
  ['svg|a', /^not a valid CSS selector: namespaces are not enabled/],
  ['a || b', /^not a valid CSS selector: browsers do not support the \|\| combinator$/],
  ['a:has(b:has(c))', /^not a valid CSS selector: :has\(\) cannot be nested/],
  ['::before', /^a test cannot change a pseudo-element \(::before\): select the element itself$/],
  ['p:before', /pseudo-element \(::before\)/],
  ['li::marker', /pseudo-element \(::marker\)/],
  ['a:not(::after)', /pseudo-element \(::after\)/],
];

describe('a change’s selector must be one the page script can use', () => {
  it.each(valid)('accepts %s', (selector) => {
    expect(selectorProblem(selector)).toBeNull();
    expect(change.safeParse({ selector, op: 'text', value: 'x' }).success).toBe(true);
  });

  it.each(invalid)('refuses %s', (selector, message) => {
    expect(selectorProblem(selector)).toMatch(message);
    const parsed = change.safeParse({ selector, op: 'delete', value: '' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['selector', selectorProblem(selector)]]);
  });

  it('reports an empty selector once, as too short, not also as unparsable', () => {
    const parsed = change.safeParse({ selector: '', op: 'text', value: 'x' });
    expect(parsed.error?.issues.map((i) => i.code)).toEqual(['too_small']);
  });

  it('holds in the create body, on the change’s own selector path', () => {
    const body = { name: 'n', page: '/p', type: 'nocode', variants: [{ changes: [{ selector: 'h1', op: 'text', value: 'a' }, { selector: '###', op: 'text', value: 'b' }] }] };
    const parsed = createExperimentBody.safeParse(body);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['variants.0.changes.1.selector']);
  });
});
