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
// The parser's own words ("expected ID name (at character 2)") are said as what is wrong (issue 13 §14).
const invalid: [string, RegExp][] = [
  ['###', /^not a valid CSS selector: “#” must be followed by an id name, e\.g\. #signup, but “#” follows it$/],
  ['a[', /^not a valid CSS selector: “\[” must be followed by an attribute name/],
  ['>', /^not a valid CSS selector: it cannot start with “>”: name an element first, e\.g\. nav > a$/],
  ['div >', /^not a valid CSS selector: it ends with “>”: name the element that comes after it/],
  [
    ':nth-child(',
    /^not a valid CSS selector: the parentheses of :nth-child\(\) and its kin take a number or a formula/,
  ],
  ['a,', /^not a valid CSS selector: it ends with a comma/],
  ['a >> b', /^not a valid CSS selector: “>” and “>” follow each other: put an element between them$/],
  ['#1abc', /^not a valid CSS selector: an id after “#” cannot start with a digit: write \[id="1abc"\] instead$/],
  ['a:hovr', /^not a valid CSS selector: “:hovr” is not a pseudo-class browsers know \(did you mean “:hover”\?\)$/],
  ['a[x="y]', /^not a valid CSS selector: an attribute selector is not finished/],
  ['a;b', /^not a valid CSS selector: “;” cannot appear there$/],
  ['   ', /^Required$/],
  ['svg|a', /^not a valid CSS selector: “\|” \(a namespace\) cannot be used/],
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
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['selector', selectorProblem(selector)],
    ]);
  });

  it('reports an empty selector once, as too short, not also as unparsable', () => {
    const parsed = change.safeParse({ selector: '', op: 'text', value: 'x' });
    expect(parsed.error?.issues.map((i) => i.code)).toEqual(['too_small']);
  });

  it('holds in the create body, on the change’s own selector path', () => {
    const body = {
      name: 'n',
      page: '/p',
      type: 'nocode',
      variants: [
        {
          changes: [
            { selector: 'h1', op: 'text', value: 'a' },
            { selector: '###', op: 'text', value: 'b' },
          ],
        },
      ],
    };
    const parsed = createExperimentBody.safeParse(body);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['variants.0.changes.1.selector']);
  });
});
